"""Tools for people who write content: schemas, the language server, the formatter,
file templates, generated English for effects and the per-root change report."""
