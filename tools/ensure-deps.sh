#!/bin/sh
# Installs what the build and tests need, only when something is missing (quick and silent otherwise).
set -e
need=""
command -v clang >/dev/null 2>&1 || need="$need clang"
[ -f /usr/include/cmocka.h ] || need="$need libcmocka-dev"
[ -f /usr/include/wasm32-wasi/stdio.h ] || need="$need wasi-libc"
[ -f /usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a ] || need="$need libclang-rt-14-dev-wasm32"
command -v clang-14 >/dev/null 2>&1 || need="$need clang-14"
# libFuzzer (make fuzz-smoke / make fuzz)
ls /usr/lib/llvm-14/lib/clang/14*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 || need="$need libclang-rt-14-dev"
command -v wasm-ld >/dev/null 2>&1 || command -v wasm-ld-14 >/dev/null 2>&1 || need="$need lld-14 lld"
command -v emcc >/dev/null 2>&1 || need="$need emscripten"
command -v wasm-opt >/dev/null 2>&1 || need="$need binaryen"
[ -x /usr/bin/chromium ] || need="$need chromium"
# the Firefox smoke suite (tests/e2e/firefox.test.js: puppeteer-core over WebDriver BiDi, no browser download)
[ -x /usr/bin/firefox-esr ] || need="$need firefox-esr"
/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need="$need python3-numpy"
# the lecture's comments and the IR printer's words are Chinese: a CJK face for the browsers and screenshots
[ -d /usr/share/fonts/opentype/noto ] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need="$need fonts-noto-cjk"
if [ -n "$need" ]; then
  echo "installing:$need"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
fi
# A node_modules that is a symlink (a git worktree sharing another checkout's) belongs to that checkout: npm ci
# would empty the directory it points to (everyone's) and put a private copy here, so it is left alone.
if [ -L node_modules ]; then
  :
elif [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # nothing may download a browser: puppeteer-core drives Debian's firefox-esr, playwright-core its chromium
  PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
