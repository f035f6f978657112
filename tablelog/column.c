/* SPDX-License-Identifier: MIT */
/*
 * column.c - where on a line an error is, as a reader counts it: in
 * characters (UTF-8 code points), not bytes, so that `[A "Zoë" junk]`
 * puts "junk" at column 10 whatever the locale (docs/format.md, "Errors").
 */
#include "tablelog/tablelog.h"

int tl_column(const char *text, size_t len, int byte_col)
{
    size_t upto;
    int col = 1;

    if (byte_col < 1) {
        return byte_col;
    }
    upto = (size_t)byte_col - 1;
    for (size_t i = 0; i < upto; i++) {
        /* a byte that does not continue a sequence starts a character;
         * past the text's end each byte counts one */
        if (i >= len || ((unsigned char)text[i] & 0xC0) != 0x80) {
            col++;
        }
    }
    return col;
}
