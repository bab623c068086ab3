#!/usr/bin/env bash
# A botsim built with jemalloc (BOTSIM_JEMALLOC, docs/simgrid.md) allocates with it: malloc and
# free, as SimGrid and the C++ library (operator new) call them, resolve to libjemalloc, not to
# the C library's. Read from the dynamic linker's bindings (LD_DEBUG), every symbol bound at
# start (LD_BIND_NOW).
#
#   tests/allocator/check.sh BOTSIM    (exit code 0: they do; 1: not)
set -euo pipefail
bindings=$(LD_BIND_NOW=1 LD_DEBUG=bindings "$1" --version 2>&1 >/dev/null)
bad=0
for lib in libsimgrid libstdc++; do
  for symbol in malloc free; do
    line=$(grep -m1 "binding file [^ ]*/$lib[^ ]* .* normal symbol \`$symbol'" <<<"$bindings" ||
           true)
    if [[ $line != *"/libjemalloc.so"* ]]; then
      echo "$lib's $symbol is not jemalloc's: ${line:-no binding found}"
      bad=1
    fi
  done
done
((bad == 0)) && echo "allocator: SimGrid's and the C++ library's malloc and free are jemalloc's"
exit $bad
