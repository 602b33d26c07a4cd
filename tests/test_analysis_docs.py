"""docs/tables.md documents every column exactly as COLUMNS describes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from napkifu.analysis import COLUMNS, columns_markdown
from napkifu.analysis.columns import readme_columns

DOC = Path(__file__).parent.parent / "docs" / "tables.md"


@pytest.mark.parametrize("table", list(COLUMNS))
def test_doc_has_the_column_table(table: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert columns_markdown(table) in text, (
        f"docs/tables.md is out of date for {table!r}: paste columns_markdown({table!r})"
    )


def test_doc_has_the_generated_reference() -> None:
    # regenerate: replace docs/tables.md's "## Columns" part with readme_columns()
    assert readme_columns() in DOC.read_text(encoding="utf-8")


def test_every_column_is_described_in_both_languages() -> None:
    for table, cols in COLUMNS.items():
        for name, col in cols.items():
            assert col.en and col.ja, (table, name)


def test_doc_shows_the_acceptance_command() -> None:
    assert "napkifu export sample_records/ --season season.csv" in DOC.read_text(encoding="utf-8")
