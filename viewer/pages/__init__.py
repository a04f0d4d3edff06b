"""The data of every page, as plain dicts. A view hands the same dict to its template and,
for the JSON twin, to the encoder: one computation, two formats. Positions always come from
`ledger.selectors.positions_as_of`; nothing here applies the confirmation rule itself.

- `parts`: how a story, an actor, a question and a position's label look on every page.
- `positions`: positions as of a day, with the sources and audit links a reader needs.
- `story`: the story list, a story's page (a topic, or the overview) and the review queue.
- `actors`: one actor across the story, and actors side by side on a question.
- `records`: a record's page and a flip's audit.
- `runs`: ingest runs, and one run with its rejected lines.
- `evaluation`: the scores against the answer key, and why key statements were missed.
"""
