/* SPDX-License-Identifier: MIT */
/* test_html.c - the HTML writer of `ecarte report` (report/html.c): escaping
 * of the five special characters, UTF-8 kept and bad bytes replaced,
 * nothing cut in half when the buffer is short, and the element helpers
 * and charts escaping what they are given. */
#include "tests/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/html.h"

/* written - what fn wrote onto a temporary file, as a string (owned). */
static char *written(void (*fn)(FILE *fp, const void *arg), const void *arg)
{
    FILE *fp = tmpfile();
    char *out = NULL;
    long n;

    assert_non_null(fp);
    fn(fp, arg);
    n = ftell(fp);
    assert_true(n >= 0);
    out = malloc((size_t)n + 1);
    assert_non_null(out);
    rewind(fp);
    assert_int_equal(fread(out, 1, (size_t)n, fp), (size_t)n);
    out[n] = '\0';
    fclose(fp);
    return out;
}

static void put_text(FILE *fp, const void *arg)
{
    html_put(fp, arg);
}

static void html__escape_replaces_the_five_specials(void **state)
{
    char buf[200];

    (void)state;
    assert_string_equal(html_escape("<b>&\"O'Hara\"", buf, sizeof(buf)),
                        "&lt;b&gt;&amp;&quot;O&#39;Hara&quot;");
    assert_string_equal(html_escape("a < b > c", buf, sizeof(buf)),
                        "a &lt; b &gt; c");
    assert_string_equal(html_escape("&amp;", buf, sizeof(buf)),
                        "&amp;amp;");
}

static void html__escape_keeps_utf8_text(void **state)
{
    const char *text = "Zo\xC3\xAB \xC3\x91\xC3\xBA\xC3\xB1" "ez "
                       "\xE2\x99\xA0\xE2\x99\xA5 \xF0\x9F\x82\xA1";
    char buf[200];

    (void)state;
    assert_string_equal(html_escape(text, buf, sizeof(buf)), text);
}

static void html__escape_replaces_bytes_that_are_not_utf8(void **state)
{
    char buf[200];

    (void)state;
    /* a Latin-1 byte, an overlong slash, a surrogate, a cut character,
     * a code point above U+10FFFF */
    assert_string_equal(html_escape("a\xE9" "b", buf, sizeof(buf)),
                        "a\xEF\xBF\xBD" "b");
    assert_string_equal(html_escape("\xC0\xAF", buf, sizeof(buf)),
                        "\xEF\xBF\xBD\xEF\xBF\xBD");
    assert_string_equal(html_escape("\xED\xA0\x80", buf, sizeof(buf)),
                        "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    assert_string_equal(html_escape("x\xE2\x99", buf, sizeof(buf)),
                        "x\xEF\xBF\xBD\xEF\xBF\xBD");
    assert_string_equal(html_escape("\xF4\x90\x80\x80", buf, sizeof(buf)),
                        "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}

static void html__escape_replaces_control_characters(void **state)
{
    char buf[200];

    (void)state;
    assert_string_equal(html_escape("a\x01" "b\x7F", buf, sizeof(buf)),
                        "a\xEF\xBF\xBD" "b\xEF\xBF\xBD");
    assert_string_equal(html_escape("a\tb\nc\r", buf, sizeof(buf)),
                        "a\tb\nc\r");
}

static void html__escape_never_cuts_an_entity_or_a_character(void **state)
{
    char buf[16];

    (void)state;
    assert_string_equal(html_escape("a&b", buf, 3), "a");
    assert_string_equal(html_escape("a&b", buf, 7), "a&amp;");
    assert_string_equal(html_escape("a&b", buf, 8), "a&amp;b");
    assert_string_equal(html_escape("\xE2\x99\xA0\xE2\x99\xA0", buf, 6),
                        "\xE2\x99\xA0");
    assert_string_equal(html_escape("abc", buf, 1), "");
    assert_string_equal(html_escape(NULL, buf, sizeof(buf)), "");
}

static void html__put_escapes_text_of_any_length(void **state)
{
    size_t n = 10000;
    char *text = malloc(n + 1);
    char *want = malloc(n * 6 + 1);
    char *got = NULL;

    (void)state;
    assert_non_null(text);
    assert_non_null(want);
    for (size_t i = 0; i < n; i++) {
        text[i] = "ab<&'\"\xE9z"[i % 8];
    }
    text[n] = '\0';
    html_escape(text, want, n * 6 + 1);
    got = written(put_text, text);
    assert_string_equal(got, want);
    assert_null(strchr(got, '<'));
    free(got);
    free(text);
    free(want);
}

static void putf_name(FILE *fp, const void *arg)
{
    html_putf(fp, "player %s, %d", (const char *)arg, 3);
}

static void elem_name(FILE *fp, const void *arg)
{
    html_elem(fp, "td", "name", arg);
}

static void html__putf_and_elem_escape_what_they_are_given(void **state)
{
    char *got = NULL;

    (void)state;
    got = written(putf_name, "<i>&");
    assert_string_equal(got, "player &lt;i&gt;&amp;, 3");
    free(got);
    got = written(elem_name, "\"O'Hara\"");
    assert_string_equal(got, "<td class=\"name\">&quot;O&#39;Hara&quot;</td>");
    free(got);
}

static void band_chart(FILE *fp, const void *arg)
{
    struct html_band b = {
        .title = arg,
        .n = 20,
        .lo = 0,
        .hi = 8,
        .expected = 2.5,
        .observed = 12,
        .flagged = true,
    };

    html_band_chart(fp, &b);
}

static void bar_chart(FILE *fp, const void *arg)
{
    struct html_bar bars[2] = {{arg, 3}, {"other", 0}};

    html_bar_chart(fp, arg, bars, 2);
}

static void html__charts_are_inline_svg_with_escaped_text(void **state)
{
    char *got = NULL;

    (void)state;
    got = written(band_chart, "<script>x</script>");
    assert_non_null(strstr(got, "<svg "));
    assert_non_null(strstr(got, "&lt;script&gt;x&lt;/script&gt;"));
    assert_null(strstr(got, "<script"));
    assert_non_null(strstr(got, "observed flagged"));
    assert_non_null(strstr(got, "12 of 20"));
    assert_non_null(strstr(got, "FLAG"));
    free(got);
    got = written(bar_chart, "<b>&");
    assert_non_null(strstr(got, "<svg "));
    assert_non_null(strstr(got, "&lt;b&gt;&amp;"));
    assert_null(strstr(got, "<b>"));
    free(got);
}

int run_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(html__escape_replaces_the_five_specials),
        cmocka_unit_test(html__escape_keeps_utf8_text),
        cmocka_unit_test(html__escape_replaces_bytes_that_are_not_utf8),
        cmocka_unit_test(html__escape_replaces_control_characters),
        cmocka_unit_test(html__escape_never_cuts_an_entity_or_a_character),
        cmocka_unit_test(html__put_escapes_text_of_any_length),
        cmocka_unit_test(html__putf_and_elem_escape_what_they_are_given),
        cmocka_unit_test(html__charts_are_inline_svg_with_escaped_text),
    };

    return cmocka_run_group_tests_name("html", tests, NULL, NULL);
}
