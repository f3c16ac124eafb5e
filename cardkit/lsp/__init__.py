"""``cardkit lsp``: cardkit's checks in the editor, over the Language Server Protocol (stdio).

The server (:mod:`.server`) publishes the diagnostics of ``cardkit check`` — the same API
(:func:`cardkit.checking.run_check`), codes, messages and places — for the open files of the
content folder, checking unsaved buffers from memory; it answers hovers, jumps and completions
on ids from what the game's files define (:mod:`.index`), and offers the one fix a "did you
mean" finding has.
"""
