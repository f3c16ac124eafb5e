"""The gated jobs that write content out, above the content gate (:mod:`cardkit.checking`):
``cardkit export`` (card images for print services and Tabletop Simulator), ``cardkit pdf``
(:mod:`.printing`) and the translator exchange (:mod:`.exchange`).

* :mod:`.raster` — each unique face of a deck drawn by the PDF layer (one card per page) and
  rasterised with pypdfium2 at an exact pixel size;
* :mod:`.presets` — print services' card templates (pixel size, bleed, file type, colour);
* :mod:`.unique` — one file per distinct image across an export;
* :mod:`.csvfile` — the print shop's list of unique cards with their quantities;
* :mod:`.tts` — Tabletop Simulator sheet grids (at most 10 x 7, 4096 px) and the save;
* :mod:`.ttsexport` — a game's piles as TTS sheets and one saved-object JSON;
* :mod:`.api` — the library call behind ``cardkit export`` (:func:`.api.export_game`);
* :mod:`.printing` — ``cardkit pdf``: the gate, a game's decks in a locale, drawn and written
  (:func:`.printing.render_game`);
* :mod:`.exchange` — ``cardkit i18n export|import|glossary``.
"""
