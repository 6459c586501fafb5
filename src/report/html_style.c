/* html_style.c: the one stylesheet of flowbench's HTML pages, inlined into each
 * (the pages fetch nothing): text, tables, notes and the SVG charts' classes. */
#include "report/html_style.h"

const char html_style[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;"
    "color:#222;background:#fff;margin:0;padding:24px}\n"
    "main{max-width:1300px;margin:0 auto}\n"
    "h1{font-size:24px;margin:0 0 4px}h2{font-size:20px;margin:32px 0 6px;padding-top:12px;border-top:2px solid #ccc}\n"
    "h3{font-size:16px;margin:22px 0 6px}\n"
    ".meta{color:#444;margin:2px 0}.meta b{color:#222}\n"
    ".error{color:#8b0000;background:#fdecea;border:1px solid #e0a0a0;padding:6px 10px;border-radius:4px}\n"
    ".note{color:#555;font-style:italic}\n"
    ".charts{display:flex;flex-wrap:wrap;gap:12px}\n"
    "svg.chart{display:block;max-width:100%;height:auto;border:1px solid #e4e4e4;background:#fcfcfc}\n"
    "svg text{font:12px system-ui,sans-serif;fill:#333}svg text.small{font-size:10px;fill:#777}\n"
    "svg text.on-dark{fill:#fff}\n"
    "svg .grid{stroke:#ddd;stroke-width:1}svg .minor{stroke:#eee;stroke-width:1}\n"
    "svg .axis,svg .tick{stroke:#888;stroke-width:1}\n"
    "ul.legend{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 18px;font-size:12px}\n"
    "ul.legend li{display:flex;align-items:center;gap:6px}\n"
    ".scroll{overflow-x:auto}\n"
    "table{border-collapse:collapse;font-size:12.5px;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:3px 6px;border-bottom:1px solid #e4e4e4;white-space:nowrap}\n"
    "th{background:#f3f3f3;text-align:left;position:sticky;top:0}\n"
    "td.n,th.n{text-align:right}tbody tr:nth-child(even){background:#fafafa}tr.failed td{color:#8b0000}\n"
    "footer{margin-top:32px;color:#666;font-size:12px}\n";
