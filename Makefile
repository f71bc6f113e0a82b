# GraphLab — top-level build.  `make` builds the native library and CLI; `make test` runs every suite.
# The same C sources build natively (gcc/clang), for WASI (clang --target=wasm32-wasi) and with
# Emscripten (the browser module).

CC       ?= cc
CSTD     := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     := -Wall -Wextra -Wshadow -Wno-unused-parameter
INC      := -Ic/include -Ic/src
# -flto=auto: the library's small cross-file helpers (gl_dim_*, gl_pool_*, gl_kit_*, gl_numel) inlined into
# the passes and fusion, ~10 % off the analysis pipeline (issue 17); out-parameters are written on every
# path so LTO's wider view raises no -Wmaybe-uninitialized.
OPT      ?= -O3 -flto=auto
# c/src/codegen/runtime.c is not library code: it is embedded as a string into every generated C program.
LIB_SRC  := $(sort $(filter-out c/src/codegen/runtime.c,$(wildcard c/src/*/*.c)))
CLI_SRC  := $(sort $(wildcard c/cli/*.c))
HDRS     := $(wildcard c/include/*.h c/src/*/*.h c/cli/*.h)
TEST_SRC := $(sort $(wildcard c/tests/test_*.c))

BUILD    := build
# Generated headers (the codegen runtime as a C string); every build flavour includes them.
GEN      := $(BUILD)/gen
INC      += -I$(GEN)
HDRS     += $(GEN)/codegen_runtime.h $(GEN)/pass_prelude.h $(GEN)/pylib.h
NAT_OBJ  := $(patsubst c/%.c,$(BUILD)/native/%.o,$(LIB_SRC))
SAN_OBJ  := $(patsubst c/%.c,$(BUILD)/asan/%.o,$(LIB_SRC))
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -O1 -DGL_VERIFY_PASSES=1

WASI_CC  := clang --target=wasm32-wasi
# An 8 MiB stack (wasm-ld's default is 64 KiB): what native and the browser module have, for the program
# front end's nesting limits. Speed (issue 17; the same features as the browser module, all in Node 20 and
# Chromium): -O3 -flto (the library's small cross-file helpers inlined), -mbulk-memory (memcpy / memset as
# memory.copy / memory.fill), -mnontrapping-fptoint (double -> int without a range-check branch). clang 14
# will not compile wasi-libc's _Thread_local errno with bulk memory on unless the TLS model is local-exec
# (the one model a single-threaded module has: errno stays a plain global, strtod's ERANGE still seen).
# The objects are compiled one by one and linked without -O: given -O, clang's driver runs binaryen's wasm-opt
# -O3 on the output, whose one-caller inlining undoes the front end's PY_NOINLINE (c/src/front/py.h; the
# run-wasi tests run under V8's default ~984 KiB stack, like the browser module). wasm-opt runs here instead,
# with the flag the Emscripten link passes too (when binaryen is installed; without it nothing is inlined).
WASI_FLAGS := -O3 -flto -msimd128 -mbulk-memory -mnontrapping-fptoint -ftls-model=local-exec \
	-D_WASI_EMULATED_PROCESS_CLOCKS
WASI_LINK  := -flto -Wl,-lwasi-emulated-process-clocks -Wl,-z,stack-size=8388608
WASM_OPT   ?= $(shell command -v wasm-opt)
WASI_OPT   := -O3 --one-caller-inline-max-function-size=0 --enable-simd --enable-bulk-memory \
	--enable-nontrapping-float-to-int
WASI_OBJ   := $(patsubst c/%.c,$(BUILD)/wasi/%.o,$(LIB_SRC) $(CLI_SRC))

.PHONY: all native wasi wasm test test-c test-js deps clean bench serve
all: native

# The generated C program's runtime: c/src/codegen/runtime.c as one string literal (a line per string).
# numpy's summation (c/src/exec/np_sum.h, the interpreter's too) is spliced in where runtime.c includes it.
$(GEN)/codegen_runtime.h: c/src/codegen/runtime.c c/src/exec/np_sum.h
	@mkdir -p $(dir $@)
	sed -e '\|^#include "../exec/np_sum.h"$$|{' -e 'r c/src/exec/np_sum.h' -e 'd' -e '}' $< | \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' > $@.tmp && mv $@.tmp $@

# The pass runtime's prelude (c/src/front/pass_prelude.py, the reference's classes and section 9; made by
# tools/gen-pass-prelude.sh) as one string literal, like the codegen runtime.
$(GEN)/pass_prelude.h: c/src/front/pass_prelude.py
	@mkdir -p $(dir $@)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@.tmp && mv $@.tmp $@

# The front end's library modules written in Python (c/src/front/lib/*.py; py_lib.c): PYLIB("name", "source")
# per module, in file-name order.
PYLIB_SRC := $(sort $(wildcard c/src/front/lib/*.py))
$(GEN)/pylib.h: $(PYLIB_SRC)
	@mkdir -p $(dir $@)
	for f in $^; do n=$$(basename $$f .py); echo "PYLIB(\"$$n\","; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $$f; echo ")"; done > $@.tmp && mv $@.tmp $@

# The same runtime compiled on its own with the library's warnings as errors (part of test-c).
RUNTIME_CHECK := $(BUILD)/tests/codegen_runtime.o
$(RUNTIME_CHECK): c/src/codegen/runtime.c c/src/exec/np_sum.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) -Werror -c $< -o $@

native: $(BUILD)/graphlab

$(BUILD)/native/%.o: c/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC) -c $< -o $@

$(BUILD)/libgraphlab.a: $(NAT_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/graphlab: $(CLI_SRC) $(BUILD)/libgraphlab.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC) $(CLI_SRC) $(BUILD)/libgraphlab.a -lm -o $@

# ---- sanitizer build for tests
$(BUILD)/asan/%.o: c/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) -c $< -o $@

$(BUILD)/libgraphlab_asan.a: $(SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/graphlab_asan: $(CLI_SRC) $(BUILD)/libgraphlab_asan.a
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) $(CLI_SRC) $(BUILD)/libgraphlab_asan.a -lm -o $@

$(BUILD)/tests/%: c/tests/%.c c/tests/test_util.h $(BUILD)/libgraphlab_asan.a
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) $< $(BUILD)/libgraphlab_asan.a -lcmocka -lm -o $@

TEST_BINS := $(patsubst c/tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))

# ---- WASI command-line build
wasi: $(BUILD)/graphlab.wasm
$(BUILD)/wasi/%.o: c/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(WASI_CC) $(CSTD) $(WARN) $(WASI_FLAGS) $(INC) -c $< -o $@
$(BUILD)/graphlab.wasm: $(WASI_OBJ)
	$(WASI_CC) $(WASI_LINK) $(WASI_OBJ) -lm -o $@
	$(if $(WASM_OPT),$(WASM_OPT) $(WASI_OPT) $@ -o $@)

# ---- tests
# `make test` first installs what is missing (tools/ensure-deps.sh: apt-get, npm ci), then checks in well under
# a second that the mutants cannot rot (`make mutants-check`: every curated mutant of tools/mutants.txt applies
# exactly once to the working tree, Stryker's `mutate` list and suites exist; it names the ones that do not and
# fails), then builds every flavour in parallel (native, ASan tests, WASI, Emscripten), then runs the C unit
# tests and Vitest.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

deps:
	@sh tools/ensure-deps.sh

build-all: native wasi wasm web $(BUILD)/graphlab_asan $(TEST_BINS) $(RUNTIME_CHECK) fuzz-build

test: deps
	@node tools/mutate.mjs --check
	@$(MAKE) --no-print-directory -j$(JOBS) build-all
	@sh tools/run-c-tests.sh $(TEST_BINS)
	@$(MAKE) --no-print-directory fuzz-smoke
	npx vitest run --exclude 'tests/e2e/**'
	npx vitest run tests/e2e --maxWorkers=1

test-c: $(BUILD)/graphlab_asan $(TEST_BINS) $(RUNTIME_CHECK)
	@sh tools/run-c-tests.sh $(TEST_BINS)

# The analysis pipeline (build, passes, fuse, cost, memory) for 1..126-layer stacks; ratios to the
# reference module when /usr/bin/python3 with numpy and ../shared/reference are at hand.
$(BUILD)/pipeline_bench: bench/pipeline_bench.c $(BUILD)/libgraphlab.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC) -Ic/cli $< $(BUILD)/libgraphlab.a -lm -o $@

# The program front end tracing the lecture's prefill source for Llama-3-8B (target < 5 ms per layer).
$(BUILD)/program_bench: bench/program_bench.c $(BUILD)/libgraphlab.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC) $< $(BUILD)/libgraphlab.a -lm -o $@

# The lecture's cse as Python source (the pass runtime, gl_pypass_run) beside the C pass: one Llama-3-8B layer
# and the 126-layer stack.
$(BUILD)/pypass_bench: bench/pypass_bench.c $(BUILD)/libgraphlab.a
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC) $< $(BUILD)/libgraphlab.a -lm -o $@

# bench/pipeline.mjs: warm-vs-warm and cold-vs-cold against the reference, native, WASI and the browser module.
bench: native wasi wasm $(BUILD)/pipeline_bench $(BUILD)/program_bench $(BUILD)/pypass_bench
	$(BUILD)/pipeline_bench
	$(BUILD)/program_bench
	$(BUILD)/pypass_bench
	node --no-liftoff bench/pypass_module.mjs
	node bench/trace_speed.mjs
	node bench/pipeline.mjs

clean:
	rm -rf $(BUILD) public/graphlab-core.mjs public/graphlab-core.wasm

# ==================================================================== browser module (Emscripten)
# `make wasm` builds public/graphlab-core.mjs + public/graphlab-core.wasm: the C core plus the JSON boundary
# in c/wasm/api.c (Emscripten-only glue, deliberately outside c/src). wasm/graphlab.mjs is the only JS that
# loads it. Debian's emscripten needs NODE_PATH. Its system-library cache (/usr/share/emscripten/cache) ships
# prebuilt and frozen, so it works read-only for any user; export EM_CACHE to use another (writable) one.
# -sENVIRONMENT=web keeps __dirname out of the ES6 output; under Node the binding passes the .wasm bytes
# itself (wasmBinary). -sABORTING_MALLOC=0: malloc returns NULL at the 2 GiB limit, which the core turns
# into GL_E_NOMEM instead of a trap. -mbulk-memory: memcpy / memset compile to memory.copy / memory.fill,
# which V8 runs natively (Emscripten's libc loops for them were ~30% of the analysis pipeline's time).
# -flto: the objects are bitcode, optimised together at the link (the library's small cross-file helpers,
# gl_kit_*, gl_pool_*, gl_dim_*, inlined); -mnontrapping-fptoint: double -> int without a range check.
# The Python front end (front/py_*.c) stays out of LTO: its evaluator recurses, and V8 keeps WASM frames on
# the thread's native stack (~1 MB in Node and Chromium), where inlining made each level's frame larger and
# the deepest programs the limits allow overflowed it ("Maximum call stack size exceeded", tests/programs).
EMCC       ?= emcc
EM_ENV     := NODE_PATH=/usr/share/nodejs
WASM_SRC   := $(sort $(wildcard c/wasm/*.c))
WASM_MJS   := public/graphlab-core.mjs
WASM_BIN   := public/graphlab-core.wasm
WASM_EXPORTS := _malloc,_free,_gl_wasm_call,_gl_wasm_result_status,_gl_wasm_result_out,_gl_wasm_result_len,$\
	_gl_wasm_result_msg,_gl_wasm_result_free,_gl_wasm_status_name,_gl_wasm_version,_gl_wasm_heap_in_use,$\
	_gl_wasm_heap_arena
EMOPT      := -O3
EMFLAGS     = $(EMOPT) -msimd128 -mbulk-memory -mnontrapping-fptoint -DNDEBUG
EMLTO      := -flto
# binaryen's optimiser (the link's wasm-opt -O3) inlines any function that has one caller, whatever its size:
# that undid the front end's PY_NOINLINE (c/src/front/py.h), and the evaluator's rare cases' locals were back in
# every level's frame on V8's stack (a program's own recursion stopped 3x short). LLVM has already inlined
# every function it wanted to; --one-caller-inline-max-function-size=0 leaves the rest apart.
EMLINK     := -sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=0 -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createGraphLabModule -sENVIRONMENT=web \
	-sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2gb -sABORTING_MALLOC=0 -sFILESYSTEM=0 -sASSERTIONS=0 \
	-sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8

.PHONY: wasm bench-numeric
wasm: $(WASM_MJS)

EM_OBJ     := $(patsubst c/%.c,$(BUILD)/em/%.o,$(LIB_SRC) $(WASM_SRC))

$(BUILD)/em/%.o: c/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) $(CSTD) $(WARN) $(EMFLAGS) $(EMLTO) $(INC) -c $< -o $@

$(BUILD)/em/src/front/py_%.o: EMLTO :=

# The case layer (c/src/io: reading, the pipeline's driver, the JSON and packed writers) is built for size: at
# -O3 LTO inlined it into a few 10-20 KB functions, which V8 compiles again with TurboFan once they are hot, on
# the first analysis: 1.4-1.6 s of background CPU for a 405B link's (Node, `--trace-wasm-compilation-times`, a
# loaded machine), which a 2-core machine takes from the page and the analysis worker while the link loads.
# At -Os the hot code TurboFan compiles is 104 KB instead of 141 (the writer's 20 KB function is 4.5 KB) and
# that CPU 0.4-0.9 s; the pipeline it drives (front/, passes/, backend/) stays -O3.
$(BUILD)/em/src/io/%.o: EMOPT := -Os

$(WASM_MJS): $(EM_OBJ)
	@mkdir -p public
	$(EM_ENV) $(EMCC) $(EMFLAGS) $(EMLTO) $(EM_OBJ) $(EMLINK) -lm -o $@
	@test -f $(WASM_BIN)

# `make wasm-nolimits`: build/nolimits/graphlab-core.{mjs,wasm}, the browser module with the front end's depth
# limits lifted (PY_DEPTH_MAX, GL_PROGRAM_MAX_DEPTH): a module a deep enough program traps (V8's stack
# overflows). bench/depth_probe.mjs measures the real stack limits with it (what PY_DEPTH_MAX is sized from),
# and tests/e2e/program-hard.test.js serves it to check that the lab replaces a trapped module.
NL_DIR     := $(BUILD)/nolimits
NL_FRONT   := $(filter c/src/front/py_%.c,$(LIB_SRC))
NL_OBJ     := $(patsubst c/src/front/%.c,$(NL_DIR)/obj/%.o,$(NL_FRONT))
NL_REST    := $(filter-out $(BUILD)/em/src/front/py_%.o,$(EM_OBJ))
.PHONY: wasm-nolimits
wasm-nolimits: $(NL_DIR)/graphlab-core.mjs

$(NL_DIR)/obj/%.o: c/src/front/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) $(CSTD) $(WARN) $(EMFLAGS) -DPY_DEPTH_MAX=100000000 -DGL_PROGRAM_MAX_DEPTH=100000000 $(INC) -c $< -o $@

$(NL_DIR)/graphlab-core.mjs: $(NL_OBJ) $(NL_REST)
	$(EM_ENV) $(EMCC) $(EMFLAGS) $(EMLTO) $(NL_OBJ) $(NL_REST) $(EMLINK) -lm -o $@

# Numeric forward of prefill layers: the WASM module under Node against a native build of the same C with
# -O3 -march=native (its own objects in build/native-o3/; the default build keeps $(OPT)), and against the
# reference module's interpreter (bench/ref_numeric.py) and pipeline (bench/ref_pipeline.py) when
# /usr/bin/python3 with numpy and ../shared/reference are at hand. bench/numeric_bench.mjs runs all of it.
O3FLAGS    := -O3 -march=native
O3_OBJ     := $(patsubst c/%.c,$(BUILD)/native-o3/%.o,$(LIB_SRC))

$(BUILD)/native-o3/%.o: c/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(O3FLAGS) $(INC) -c $< -o $@

$(BUILD)/native-o3/libgraphlab.a: $(O3_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/numeric_bench: bench/numeric_bench.c $(BUILD)/native-o3/libgraphlab.a
	$(CC) $(CSTD) $(WARN) $(O3FLAGS) $(INC) -Ic/cli $< $(BUILD)/native-o3/libgraphlab.a -lm -o $@

# The engine's float64 multiply-add ceiling (bench/simd_ceiling.c): a standalone module with no imports.
$(BUILD)/simd_ceiling.wasm: bench/simd_ceiling.c
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) -O3 -msimd128 --no-entry -sSTANDALONE_WASM $< -o $@

# The interpreter's matrix products alone at one layer's shapes (bench/gemm_probe.c with c/src/exec/matmul.c):
# a standalone module with the browser module's code flags, and the same natively with -O3 -march=native.
$(BUILD)/gemm_probe.wasm: bench/gemm_probe.c c/src/exec/matmul.c $(HDRS)
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) $(CSTD) $(WARN) $(EMFLAGS) $(INC) --no-entry -sSTANDALONE_WASM -sINITIAL_MEMORY=67108864 \
		bench/gemm_probe.c c/src/exec/matmul.c -o $@

$(BUILD)/gemm_probe: bench/gemm_probe.c c/src/exec/matmul.c $(HDRS)
	$(CC) $(CSTD) $(WARN) $(O3FLAGS) $(INC) bench/gemm_probe.c c/src/exec/matmul.c -o $@

bench-numeric: $(BUILD)/numeric_bench $(BUILD)/simd_ceiling.wasm $(BUILD)/gemm_probe.wasm $(BUILD)/gemm_probe $(WASM_MJS)
	node bench/numeric_bench.mjs
	node bench/precision_bench.mjs

# ==================================================================== browser lab (issue 7)
# `make serve`: builds the WASM module and the lab (web/ → public/app/, d3 + dagre → public/app/vendor/) and
# serves public/ on localhost (PORT=8080 by default; a busy port falls back to a free one; the URL is printed).
# `make dist`: dist/graphlab.html, one self-contained file (CSS, JS, worker and .wasm inlined) for file://.
.PHONY: web serve dist
web: $(WASM_MJS)
	node tools/build-web.mjs

serve: deps
	@$(MAKE) --no-print-directory -s -j$(JOBS) wasm
	@$(MAKE) --no-print-directory -s web
	node tools/serve.mjs --port $${PORT:-8080} public

dist: wasm
	node tools/build-web.mjs --dist

# ==================================================================== fuzzing (libFuzzer, clang-14)
# Harnesses in c/fuzz/: fuzz_case (bytes → gl_case_run), fuzz_pipeline (bytes → config → build → passes in a
# fuzzed order → fuse → cost → lifetimes → plans, small and model-scale), fuzz_run (bytes → tiny config with
# random params and inputs → gl_run on every stage; stages must agree). The library is rebuilt with coverage
# and ASan + UBSan, and with a 4 MiB run budget (limits.run_bytes at most 16 MiB) so no case can make the
# fuzzer allocate real memory. tools/fuzz.sh replays c/fuzz/regressions/<harness>/ first (every crash ever
# found), then fuzzes from the seed corpus c/fuzz/corpus/<harness>/ (new entries go to build/fuzz/corpus/).
#   make fuzz-smoke     ~20 s per harness (FUZZ_SMOKE_SECONDS): the quick check for `make test`
#   make fuzz           FUZZ_SECONDS (300) per harness
FUZZ_CC        ?= clang-14
FUZZ_SECONDS   ?= 300
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_HARNESSES := fuzz_case fuzz_pipeline fuzz_run fuzz_graph fuzz_program
FUZZ_SAN       := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1 -DGL_VERIFY_PASSES=1
FUZZ_DEFS      := -DGL_CASE_DEFAULT_RUN_BYTES='(4LL << 20)' -DGL_CASE_MAX_RUN_BYTES='(16LL << 20)' \
	-DGL_CASE_MAX_RUN_REPEAT=4
FUZZ_OBJ       := $(patsubst c/%.c,$(BUILD)/fuzz/obj/%.o,$(LIB_SRC))
FUZZ_BINS      := $(addprefix $(BUILD)/fuzz/,$(FUZZ_HARNESSES))

.PHONY: fuzz fuzz-smoke fuzz-build
fuzz-build: $(FUZZ_BINS)

$(BUILD)/fuzz/obj/%.o: c/%.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(FUZZ_DEFS) $(INC) -c $< -o $@

$(BUILD)/fuzz/libgraphlab_fuzz.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/fuzz/%: c/fuzz/%.c c/fuzz/fuzz_common.h $(BUILD)/fuzz/libgraphlab_fuzz.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer $(FUZZ_DEFS) $(INC) $< $(BUILD)/fuzz/libgraphlab_fuzz.a -lm -o $@

# The differential fuzzer against CPython (tests/py-fuzz.test.js, tools/pyfuzz.py): 300 programs in `make test`,
# PYFUZZ_COUNT of them (seed PYFUZZ_SEED) in `make fuzz`.
PYFUZZ_COUNT ?= 3000
PYFUZZ_SEED ?= 7

fuzz-smoke: $(FUZZ_BINS)
	@sh tools/fuzz.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_HARNESSES)

fuzz: $(FUZZ_BINS) native
	@sh tools/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_HARNESSES)
	PYFUZZ_COUNT=$(PYFUZZ_COUNT) PYFUZZ_SEED=$(PYFUZZ_SEED) npx vitest run tests/py-fuzz.test.js

# ==================================================================== docs figures
# `make docs-figures`: the PNGs of README.md and docs/panels/*.md (docs/img/), screenshots of the lab taken by
# tools/screenshots.mjs (tools/serve.mjs on a free port, Debian's /usr/bin/chromium headless via playwright-core).
.PHONY: docs-figures
docs-figures: wasm web
	node tools/screenshots.mjs

# ==================================================================== lab performance (benchmark, prints numbers)
# `make bench-lab`: bench/lab_perf.mjs on one Llama-3-8B layer (prefill) in Debian's /usr/bin/chromium
# (headless, playwright-core; tools/serve.mjs on a free port): slider → redrawn graph (median / p90 / max),
# frame times of the pass animations, and a keyboard-only checklist. LAB_PERF_MOVES / LAB_PERF_ROUNDS to
# change the sample sizes. Then bench/lab_speed.mjs: issue 17's browser targets on the 126-layer 405B model
# (its analysis delivered to the views, its link to the first drawn graph, a pass step). Prints the load
# average with the numbers: re-run on a quiet machine.
.PHONY: bench-lab
bench-lab: wasm web
	node bench/lab_perf.mjs; s=$$?; node bench/lab_speed.mjs && exit $$s

# ==================================================================== mutation testing (reports, not in `make test`)
# `make mutate`: tools/mutate.mjs applies each curated mutant of tools/mutants.txt (C, and the lab's JS) to a copy
# of HEAD (git archive into a temporary directory; the working tree is never touched) built at -O1 without LTO,
# copied once per worker (MUTATE_JOBS, default the cores), each worker taking one file's mutants at a time;
# each mutant rebuilds only what its steps run (ASan test binaries, build/graphlab, or nothing for JS) and runs
# only its steps (`steps = …`; by default the C unit tests, random graphs and parity), each time-bound, stops at
# the first failure (killed) and prints every outcome, the score per area and overall, and the timings (exit 0;
# 2 on a tool error such as a stale snippet). MUTATE_ARGS="--area NAME" or mutant ids: a subset.
# `make mutants-check` (first step of `make test`): every mutant applies exactly once to the working tree.
# `make mutate-web`: Stryker (stryker.config.mjs) over the lab's pure modules, killed by tests/web/; the
# module is built first so that the suites that load it run. Both take minutes.
.PHONY: mutate mutate-web mutants-check
mutants-check:
	@node tools/mutate.mjs --check

mutate:
	node tools/mutate.mjs $(MUTATE_ARGS)

mutate-web: wasm
	npx stryker run
