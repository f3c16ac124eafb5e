"""``cardkit export``: card images for print services and Tabletop Simulator.

* :mod:`.raster` — each unique face of a deck drawn by the PDF layer (one card per page) and
  rasterised with pypdfium2 at an exact pixel size;
* :mod:`.csvfile` — the print shop's list of unique cards with their quantities;
* :mod:`.tts` — Tabletop Simulator deck sheets (10 x 7 grids) and the saved-object JSON;
* :mod:`.api` — the library call behind the command (:func:`.api.export_game`).
"""
