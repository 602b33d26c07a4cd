"""Hypothesis strategies for the fuzz property: records from the grammar
(``hypothesis.extra.lark.from_lark`` over napkifu/grammar.lark), and valid
records mangled at the byte, token and line level."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from fuzzing.mangle import corpus, encodings, mutate_bytes, mutate_text, random_lines


@cache
def _corpus() -> tuple[str, ...]:
    return tuple(corpus())


@cache
def _lark_strategy() -> st.SearchStrategy[str]:
    from hypothesis.extra.lark import from_lark
    from lark import Lark

    from napkifu.notation import grammar_text

    grammar = Lark(grammar_text(), start="file", parser="lalr", lexer="contextual")
    return from_lark(grammar, start="file")


def grammar_records() -> st.SearchStrategy[str]:
    """Text the grammar derives (the lookahead boundaries of terminals are not
    enforced by from_lark, so some of it is deliberately just off the grammar)."""
    return st.deferred(lambda: _lark_strategy())


def valid_records() -> st.SearchStrategy[str]:
    return st.deferred(lambda: st.sampled_from(_corpus()))


def mutated_texts() -> st.SearchStrategy[str]:
    return st.builds(
        lambda text, rng: mutate_text(text, rng, list(_corpus())),
        valid_records(),
        st.randoms(use_true_random=False),
    )


def mutated_bytes() -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.builds(
            lambda text, rng: mutate_bytes(text.encode("utf-8"), rng),
            valid_records(),
            st.randoms(use_true_random=False),
        ),
        st.builds(encodings, mutated_texts(), st.randoms(use_true_random=False)),
        st.binary(max_size=300),
    )


def line_soup() -> st.SearchStrategy[str]:
    return st.builds(random_lines, st.randoms(use_true_random=False))
