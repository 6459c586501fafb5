/* html_text.c: text escaped for HTML, used by the HTML report's page and by its
 * charts, so the charts need nothing of the page (report_html.c uses them one way). */
#include "report/html_text.h"

void html_text(FILE *f, const char *s)
{
    for (; s != NULL && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
                fputc(' ', f); /* control characters are not allowed in HTML text */
            else
                fputc(*s, f);
        }
    }
}

void html_meta(FILE *f, const char *label, const char *value)
{
    if (value == NULL || value[0] == '\0')
        return;
    fprintf(f, "<p class=\"meta\"><b>%s:</b> ", label);
    html_text(f, value);
    fputs("</p>\n", f);
}
