"""Terra Futura (ALBI): a 3×3 tableau engine game. Work in progress for issue 13; the game is not
registered yet. ``territory.py`` holds the 3×3 territory rules (placement and activation),
``display.py`` the two rows of face-up cards beside the level I and II decks."""
