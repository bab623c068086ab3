#pragma once
// A table for look-ups made on every message (an agent's resources by host name, each inbox's
// host): open addressing with linear probing, at most half full, each slot holding its key,
// the key's hash and the value, so that a look-up reads about one slot where a
// std::unordered_map walks a bucket, the node before and the node. Keys are never removed (a
// value may stand for "none"). String keys are looked up by std::string_view, without a copy.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace botsim {

template <class Key, class V>
class FlatTable {
 public:
  /// What a key is looked up by: a std::string_view for std::string keys, else the key itself.
  using View = std::conditional_t<std::is_same_v<Key, std::string>, std::string_view, Key>;

  /// The value of `key`, or nullptr if it was never set.
  const V* find(View key) const {
    if (slots_.empty()) return nullptr;
    const std::size_t h = std::hash<View>{}(key);
    for (std::size_t i = index(h);; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && s.key == key) return &s.value;
    }
  }
  V* find(View key) { return const_cast<V*>(static_cast<const FlatTable&>(*this).find(key)); }
  /// Sets `key`'s value (adds the key if new).
  void set(View key, V value) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    place(std::hash<View>{}(key), key, std::move(value));
  }
  /// Keys set so far.
  std::size_t size() const { return used_; }

 private:
  struct Slot {
    bool used = false;
    std::size_t hash = 0;
    Key key{};
    V value{};
  };
  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t index(std::size_t h) const {
    // Fibonacci hashing: the product's high bits spread hashes that differ only in their high
    // or low bits (std::hash of a pointer is the address: aligned, its low bits all zero).
    return static_cast<std::size_t>((static_cast<std::uint64_t>(h) * 0x9E3779B97F4A7C15ULL) >>
                                    (64 - bits_));
  }
  void place(std::size_t h, View key, V value) {
    std::size_t i = index(h);
    while (slots_[i].used && !(slots_[i].hash == h && slots_[i].key == key)) i = (i + 1) & mask();
    Slot& s = slots_[i];
    if (!s.used) {
      s.used = true;
      s.hash = h;
      s.key = Key(key);
      ++used_;
    }
    s.value = std::move(value);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    bits_ = old.empty() ? 4 : bits_ + 1;
    slots_ = std::vector<Slot>(std::size_t{1} << bits_);
    used_ = 0;
    for (Slot& s : old)
      if (s.used) place(s.hash, s.key, std::move(s.value));
  }

  std::vector<Slot> slots_;  // 2^bits_ of them, once any key is set
  int bits_ = 0;
  std::size_t used_ = 0;
};

/// Names to values (an agent's resources by host name).
template <class V>
using NameTable = FlatTable<std::string, V>;

}  // namespace botsim
