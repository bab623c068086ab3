#pragma once
namespace botsim {
/// Registers every model's actor functions and experiments (called once by main).
void register_models();
}  // namespace botsim
