"""The ``guardrails`` import name is shared with guardrails-ai (an LLM-safety library, PyPI
distribution ``guardrails-ai``). Both install a top-level ``guardrails`` package; whichever was
installed last overwrote the other's files in site-packages.

``check()`` reads installed distributions' metadata (nothing is imported) and says which
distributions claim the name and whether the ``guardrails`` package importable here is kvguard's.
``import guardrails`` warns once when another distribution also claims the name; ``kvguard
--version`` and ``python -m guardrails doctor`` print the result.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Tuple

OURS = "kvguard"


@dataclass(frozen=True)
class NameCheck:
    distributions: Tuple[str, ...]  # every installed distribution with a top-level "guardrails"
    ours_importable: bool  # the importable guardrails package is kvguard's
    message: str  # empty when there is nothing to say

    @property
    def clash(self) -> bool:
        return any(d.lower() != OURS for d in self.distributions)


# distributions known to install a top-level ``guardrails`` package besides kvguard
OTHER_DISTRIBUTIONS = ("guardrails-ai",)


def _claimants() -> Tuple[str, ...]:
    """kvguard and the known other distributions that are installed (a lookup by name: cheap,
    unlike ``packages_distributions()``, which reads every distribution's file list)."""
    from importlib.metadata import PackageNotFoundError, distribution

    found = []
    for name in (OURS,) + OTHER_DISTRIBUTIONS:
        try:
            distribution(name)
        except PackageNotFoundError:
            continue
        except Exception:
            continue
        found.append(name)
    return tuple(found)


def check() -> NameCheck:
    dists = _claimants()
    here = os.path.dirname(os.path.abspath(__file__))
    ours = os.path.exists(os.path.join(here, "runtime.py")) and os.path.exists(
        os.path.join(here, "invariant.py")
    )
    others = [d for d in dists if d.lower() != OURS]
    if not others:
        return NameCheck(dists, ours, "")
    message = (
        f"the import name `guardrails` is claimed by {', '.join(others)} as well as kvguard: "
        "both distributions install a top-level `guardrails` package, and the one installed "
        "last overwrote the other's files. "
        + (
            "The importable `guardrails` is still kvguard's runtime guard, but "
            f"{', '.join(others)} may now be broken. "
            if ours
            else "The importable `guardrails` is NOT kvguard's, so the KV pool guard is missing. "
        )
        + "Fix: keep kvguard's runtime guard in the sglang server's environment and the other "
        "library in a separate virtual environment (or reinstall the one you need with "
        "`pip install --force-reinstall`). See docs/guard.md, 'The guardrails name'."
    )
    return NameCheck(dists, ours, message)
