"""terra: the terms role (see docs/ARCHITECTURE.md)."""
