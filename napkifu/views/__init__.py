"""Views over judged rounds: the replay data (JSON), its terminal rendering and
the interactive step mode. Everything here presents what the engine judged and
never re-derives a rule."""
