"""Raw article text made readable before it is cut: HTML and JSON remnants out, hard-wrapped
lines joined. Paragraphs (blank lines) stay paragraphs; a text that needs none of this comes
back unchanged (the same string), so clean text costs one scan.
"""
import html
import re

_TAG = re.compile(r"</?(?:p|div|span|br|a|b|i|em|strong|u|h[1-6]|li|ul|ol|blockquote|figure|figcaption|img|"
                  r"section|article|header|footer|small|sup|sub|time|iframe|script|style)\b[^<>]{0,500}?/?>",
                  re.IGNORECASE)
_BLOCK_END = re.compile(r"</(?:p|div|h[1-6]|li|blockquote|figure|section|article)>|<br\s*/?>", re.IGNORECASE)
_SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.IGNORECASE | re.DOTALL)
_ENTITY = re.compile(r"&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});")
_JSON_ESCAPE = re.compile(r"\\(?:[nrt\"/\\]|u[0-9a-fA-F]{4})")
_JSON_LINE = re.compile(r'^\s*[\[{]\s*"[\w@$-]{1,40}"\s*:.*$', re.MULTILINE)
_MARKUP_HINT = re.compile(r"[<&\\]|(?<!\n)\n(?![ \t]*\n)")
# A single line break inside a paragraph: the line before does not end a sentence, or the
# line after starts in lower case. A line that ends a sentence and a next line that starts
# with a capital or a time stamp ("12:40") keep their break (live blogs, transcripts).
_WRAP = re.compile(r"(?<=\S)[ \t]*\n[ \t]*(?=\S)")
_SENTENCE_END = tuple('.!?:"\u201d\u2019\')]')


def _unwrap(match: re.Match, text: str) -> str:
    before = text[match.start() - 1]
    after = text[match.end()]
    if before in _SENTENCE_END and not after.islower():
        return "\n"
    if before == "-" and after.islower():  # a word hyphenated across the break
        return ""
    return " "


def text_clean(text: str) -> str:
    """`text` without markup remnants and hard wraps (see the module's docstring)."""
    # Most texts (an excerpt's sentence) hold none of the characters a hint starts with:
    # four substring tests tell that faster than the regex, which tries every position.
    if ("\n" not in text and "<" not in text and "&" not in text and "\\" not in text) or not _MARKUP_HINT.search(text):
        return text
    if "<" in text:
        text = _SCRIPT.sub(" ", text)
        text = _BLOCK_END.sub("\n\n", text)
        text = _TAG.sub("", text)
    if "\\" in text and _JSON_ESCAPE.search(text):
        text = _JSON_ESCAPE.sub(lambda m: {"\\n": "\n", "\\r": "", "\\t": " ", '\\"': '"', "\\/": "/",
                                           "\\\\": "\\"}.get(m.group(0)) or chr(int(m.group(0)[2:], 16)), text)
    if "&" in text and _ENTITY.search(text):
        text = html.unescape(text).replace("\u00a0", " ")
    if "{" in text or "[" in text:
        text = _JSON_LINE.sub("", text)
    # Hard wraps, paragraph by paragraph (blank lines are kept as they are).
    parts = re.split(r"(\n[ \t]*\n+)", text)
    for i in range(0, len(parts), 2):
        p = parts[i]
        if "\n" in p:
            parts[i] = _WRAP.sub(lambda m, p=p: _unwrap(m, p), p)
    text = "".join(parts)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()
