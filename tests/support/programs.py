"""hypothesmith's arbitrary Python, without the programs CPython's compiler warns about.

hypothesmith compiles every program it builds and rejects one that raises ``SyntaxError``; with
``SyntaxWarning`` made an error while it draws, a program such as ``"a"()`` ("'str' object is not
callable; perhaps you missed a comma?") is rejected too, so the suite's generated code emits no
warning (rather than warnings being filtered after the fact).
"""

from __future__ import annotations

import warnings

import hypothesmith
from hypothesis import strategies as st


@st.composite
def python_source(draw) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyntaxWarning)
        return draw(hypothesmith.from_grammar())
