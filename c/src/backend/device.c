/* device.c — roofline device presets (§10 Device) and their validation.
 *
 * mm_flops is the DENSE (no 2:4 sparsity) BF16 tensor-core / matrix-core peak with FP32 accumulate;
 * vec_flops the non-tensor FP32 vector peak (the reference's H100 uses its 67 TFLOPS FP32 figure, so every
 * preset does the same); bw the peak HBM / GDDR bandwidth. launch is the reference's 4 µs per kernel (launch
 * + prologue, lecture 11 §8) for every device: it is a software-stack figure, not a datasheet one. */
#include <math.h>

#include "ir/util.h"

static const gl_device DEVICES[] = {
    /* The reference's H100 exactly. NVIDIA H100 SXM5: BF16 dense 989.4 TFLOPS (1,979 with sparsity),
     * FP32 67 TFLOPS, HBM3 3.35 TB/s. */
    {"h100", "H100 (BF16)", 989e12, 67e12, 3.35e12, 4e-6,
     "graph_lab.py H100; NVIDIA H100 Tensor Core GPU datasheet (SXM5): BF16 1,979 TFLOPS with sparsity "
     "= 989 dense, FP32 67 TFLOPS, HBM3 3.35 TB/s"},
    /* NVIDIA H200 SXM: the same GH100 compute as H100 SXM (BF16 1,979 TFLOPS with sparsity = 989 dense,
     * FP32 67 TFLOPS) with 141 GB HBM3e at 4.8 TB/s. */
    {"h200", "H200 (BF16)", 989e12, 67e12, 4.8e12, 4e-6,
     "NVIDIA H200 Tensor Core GPU datasheet (SXM): BF16 1,979 TFLOPS with sparsity = 989 dense, "
     "FP32 67 TFLOPS, HBM3e 4.8 TB/s"},
    /* NVIDIA A100 SXM 80GB: BF16 tensor 312 TFLOPS dense (624 with sparsity), FP32 19.5 TFLOPS,
     * HBM2e 2,039 GB/s. */
    {"a100", "A100 SXM 80GB (BF16)", 312e12, 19.5e12, 2.039e12, 4e-6,
     "NVIDIA A100 Tensor Core GPU datasheet (80GB SXM): BF16 312 TFLOPS dense (624 with sparsity), "
     "FP32 19.5 TFLOPS, HBM2e 2,039 GB/s"},
    /* NVIDIA B200 (HGX B200, 1000 W): the datasheet gives the 8-GPU board's totals with sparsity —
     * FP16/BF16 36 PFLOPS, FP32 600 TFLOPS, HBM3e 64 TB/s — so per GPU: BF16 4.5 PFLOPS sparse = 2.25 dense,
     * FP32 75 TFLOPS, 8 TB/s. */
    {"b200", "B200 (BF16)", 2.25e15, 75e12, 8e12, 4e-6,
     "NVIDIA HGX B200 datasheet, per GPU (board totals / 8): BF16 4.5 PFLOPS with sparsity = 2.25 dense, "
     "FP32 75 TFLOPS, HBM3e 8 TB/s"},
    /* AMD Instinct MI300X: BF16 matrix 1,307.4 TFLOPS dense (2,614.9 with sparsity), FP32 vector
     * 163.4 TFLOPS, HBM3 5.3 TB/s. */
    {"mi300x", "MI300X (BF16)", 1307.4e12, 163.4e12, 5.3e12, 4e-6,
     "AMD Instinct MI300X data sheet: BF16 1,307.4 TFLOPS dense (2,614.9 with sparsity), "
     "FP32 vector 163.4 TFLOPS, HBM3 5.3 TB/s"},
    /* NVIDIA GeForce RTX 4090 (AD102): BF16 tensor with FP32 accumulate 165.2 TFLOPS dense (330.3 with
     * sparsity), FP32 82.6 TFLOPS, GDDR6X 21 Gbps x 384 bit = 1,008 GB/s. */
    {"rtx4090", "RTX 4090 (BF16)", 165.2e12, 82.6e12, 1.008e12, 4e-6,
     "NVIDIA Ada Lovelace GPU architecture whitepaper (GeForce RTX 4090): BF16 tensor with FP32 accumulate "
     "165.2 TFLOPS dense (330.3 with sparsity), FP32 82.6 TFLOPS, GDDR6X 1,008 GB/s"},
};

#define NDEV ((int)(sizeof DEVICES / sizeof DEVICES[0]))

int gl_device_count(void) { return NDEV; }

const gl_device *gl_device_at(int i) { return i >= 0 && i < NDEV ? &DEVICES[i] : NULL; }

const gl_device *gl_device_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < NDEV; i++) {
        const char *a = DEVICES[i].name, *b = name;
        while (*a && (*a == *b || (*b >= 'A' && *b <= 'Z' && *a == *b - 'A' + 'a'))) a++, b++;
        if (!*a && !*b) return &DEVICES[i];        /* case-insensitive: "H100" finds "h100" */
    }
    return NULL;
}

gl_status gl_device_validate(const gl_device *d, gl_err *e) {
    if (!d) return gl_fail(e, GL_E_INVALID, "device: missing");
    const struct {
        const char *field;
        double v;
    } f[] = {{"mm_flops", d->mm_flops}, {"vec_flops", d->vec_flops}, {"bw", d->bw}, {"launch", d->launch}};
    for (int i = 0; i < 4; i++)
        if (!isfinite(f[i].v) || !(f[i].v > 0)) {
            char buf[40];
            return gl_fail(e, GL_E_INVALID, "device.%s must be a positive finite number, got %s", f[i].field,
                           gl_fmt_double(f[i].v, buf));
        }
    return GL_OK;
}
