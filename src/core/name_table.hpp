#pragma once
// A table from names to values for look-ups made on every message (an agent's resources by
// host name): open addressing with linear probing, at most half full, each slot holding its
// name, the name's hash and the value, so that a look-up reads about one slot where a
// std::unordered_map walks a bucket, the node before and the node. Names are never removed
// (a value may stand for "none").
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace botsim {

template <class V>
class NameTable {
 public:
  /// The value of `name`, or nullptr if it was never set.
  const V* find(std::string_view name) const {
    if (slots_.empty()) return nullptr;
    const std::size_t h = std::hash<std::string_view>{}(name);
    for (std::size_t i = h & mask();; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && s.name == name) return &s.value;
    }
  }
  V* find(std::string_view name) {
    return const_cast<V*>(static_cast<const NameTable&>(*this).find(name));
  }
  /// Sets `name`'s value (adds the name if new).
  void set(std::string_view name, V value) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    place(std::hash<std::string_view>{}(name), name, std::move(value));
  }
  /// Names set so far.
  std::size_t size() const { return used_; }

 private:
  struct Slot {
    bool used = false;
    std::size_t hash = 0;
    std::string name;
    V value{};
  };
  std::size_t mask() const { return slots_.size() - 1; }
  void place(std::size_t h, std::string_view name, V value) {
    std::size_t i = h & mask();
    while (slots_[i].used && !(slots_[i].hash == h && slots_[i].name == name)) i = (i + 1) & mask();
    Slot& s = slots_[i];
    if (!s.used) {
      s.used = true;
      s.hash = h;
      s.name = std::string(name);
      ++used_;
    }
    s.value = std::move(value);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_ = std::vector<Slot>(old.empty() ? 16 : 2 * old.size());
    used_ = 0;
    for (Slot& s : old)
      if (s.used) place(s.hash, s.name, std::move(s.value));
  }

  std::vector<Slot> slots_;  // a power of two of them, once any name is set
  std::size_t used_ = 0;
};

}  // namespace botsim
