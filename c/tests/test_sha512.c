/* test_sha512.c — SHA-512 (c/src/front/sha512.c) against FIPS 180-4's examples (NIST's "abc", the 896-bit
 * two-block message, one million 'a') and the empty message, plus the padding boundaries around one block
 * (111, 112, 113, 127, 128, 129, 239, 240 bytes of 0, 1, 2, ...: digests written out from CPython's hashlib),
 * and the same digest whatever pieces gl_sha512_update is fed in. */
#include <stdio.h>

#include "test_util.h"

#include "front/sha512.h"

static const char *hex(const unsigned char d[64]) {
    static char s[129];
    for (int i = 0; i < 64; i++) snprintf(s + 2 * i, 3, "%02x", d[i]);
    return s;
}

static const char *digest(const void *p, size_t n) {
    unsigned char d[64];
    gl_sha512(p, n, d);
    return hex(d);
}

static void test_fips_examples(void **state) {
    (void)state;
    assert_string_equal(digest("abc", 3),
                        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    const char *two = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                      "mnopqrstnopqrstu";
    assert_int_equal(strlen(two), 112);
    assert_string_equal(digest(two, strlen(two)),
                        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                        "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
    assert_string_equal(digest("", 0),
                        "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                        "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
    char *m = malloc(1000000);
    assert_non_null(m);
    memset(m, 'a', 1000000);
    assert_string_equal(digest(m, 1000000),
                        "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                        "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
    free(m);
}

static void test_padding_boundaries(void **state) {
    (void)state;
    static const struct { size_t n; const char *d; } T[] = {
        {111, "a1a111449b198d9b1f538bad7f3fc1022b3a5b1a5e90a0bc860de8512746cbc31599e6c834de3a3235327af0b51ff57bf7acf1974a73014d9c3953812edc7c8d"},
        {112, "c5fbd731d19d2ae1180f001be72c2c1aaba1d7b094b3748880e24593b8e117a750e11c1bd867cc2f96dace8c8b74abd2d5c4f236be444e77d30d1916174070b9"},
        {113, "61b2e77db697dfe5571fff3ed06bd60c41e1e7b7c08a80de01cb16526d9a9a52d690dfbe792278a60f6e2b4c57a97c729773f26e258d2393890c985d645f6715"},
        {127, "eab89674feaa34e27aebeeff3c0a4d70070bb872d5e9f186cf1dbbdee517b6e35724d629ff025a5b07185e911ada7e3c8acf830aa0e4f71777bd2d44f504f7f0"},
        {128, "1dffd5e3adb71d45d2245939665521ae001a317a03720a45732ba1900ca3b8351fc5c9b4ca513eba6f80bc7b1d1fdad4abd13491cb824d61b08d8c0e1561b3f7"},
        {129, "1d9da57fbbdab09afb3506ab2d223d06109d65c1c8ad197f50138f714bc4c3f2fe5787922639c680acad1c651f955990425954ce2cba0c5cc83f2667d878eb0f"},
        {239, "cb4c7fd522756d5781ad3a4f590a1d862906b960e7720136cb3fb36b563caa1ea5689134291fa79c80ccc2b4092b41df32ebdcb36dbe79db483440228c1622a8"},
        {240, "6c48466c9f6c07e4ab762c696b7eeb35cfe236fca73683e5fab873ac3489b4d2eb3d7afcce7e8165dbbf37aded3b5b0c889c0b7e0f1790a8330d8677429d91a5"},
    };
    unsigned char b[256];
    for (int i = 0; i < 256; i++) b[i] = (unsigned char)i;
    for (size_t k = 0; k < sizeof T / sizeof T[0]; k++) assert_string_equal(digest(b, T[k].n), T[k].d);
}

static void test_pieces(void **state) {
    (void)state;
    unsigned char b[240], d[64];
    for (int i = 0; i < 240; i++) b[i] = (unsigned char)i;
    static const size_t cuts[] = {1, 7, 64, 111, 127, 128, 129, 200};
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
        gl_sha512_ctx c;
        gl_sha512_init(&c);
        gl_sha512_update(&c, b, cuts[k]);
        gl_sha512_update(&c, b + cuts[k], 0);
        gl_sha512_update(&c, b + cuts[k], 240 - cuts[k]);
        gl_sha512_final(&c, d);
        assert_string_equal(hex(d), "6c48466c9f6c07e4ab762c696b7eeb35cfe236fca73683e5fab873ac3489b4d2"
                                    "eb3d7afcce7e8165dbbf37aded3b5b0c889c0b7e0f1790a8330d8677429d91a5");
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fips_examples),
        cmocka_unit_test(test_padding_boundaries),
        cmocka_unit_test(test_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
