"""kvguard's model of the sglang API the autofix's emitted code relies on, per release.

The data (``sglang_api.json``) is derived from the released sources themselves by
``scripts/gen_sglang_api.py`` (stdlib ``ast`` over the PyPI wheels of the corpus; nothing is
imported) and checked against a regeneration by ``tests/lint/test_sglang_api.py``. This module
only reads it: stdlib only, no libcst, no sglang.

Questions it answers, for a target version ``V``:

* which objects can reach ``model_runner.spec_algorithm`` (``SpeculativeAlgorithm`` members and,
  where ``SpeculativeAlgorithm.register(...)`` exists, the plugin-registered algorithm objects)
  and whether every one of them has a method (``reaching_have``);
* what the first fixed upstream release (``first_fixed``, the first release whose TRTLLM backend
  has ``_resolve_swa_kv_pool``) answers for ``is_frozen_kv_mtp`` on the kinds of object that lack
  it in ``V``;
* which SWA pool classes are not ``SWAKVPool`` (``swa_pools_outside``: ``BaseSWAKVPool``
  subclasses such as ``DeepSeekV4TokenToKVPool``, sglang #37550) and what every
  ``BaseSWAKVPool`` has (``swa_base_members``): KVG006's facts;
* from these, the draft-worker test the fixer emits in the resolver (``resolver_plan``): a direct
  call where every reaching object has the method, a ``getattr`` form where some lack it, no call
  at all where none has it, and the fully defensive form when the version is unknown.

A version that is not in the data is answered with the nearest known release at or below it
(the plan's ``note`` says so, as a warning when it is newer than every known release); one
below every known release, or no version, gets the most conservative form.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

DATA_FILE = Path(__file__).with_name("sglang_api.json")
SPEC_PATH = "model_runner.spec_algorithm"
ALLOCATOR_PATH = "model_runner.token_to_kv_pool_allocator"
RUNNER_PATH = "model_runner"

_VERSION_RE = re.compile(
    r"^\s*v?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|rc)[-_.]?(\d*))?(?:[-_.]?post[-_.]?(\d*))?"
    r"(?:[-_.]?dev[-_.]?(\d*))?"
)


def version_key(version: str) -> Optional[tuple]:
    """A sort key for release strings (``0.5.12`` < ``0.5.12.post1`` < ``0.5.13rc1`` < ``0.5.13``);
    None when the string does not start like a version."""
    m = _VERSION_RE.match(version or "")
    if not m:
        return None
    release = tuple(int(p) for p in m.group(1).split("."))
    release = release + (0,) * (4 - len(release)) if len(release) < 4 else release
    pre = ({"a": 0, "b": 1, "rc": 2}[m.group(2)], int(m.group(3) or 0)) if m.group(2) else (3, 0)
    post = int(m.group(4) or 0) + 1 if m.group(4) is not None else 0
    dev = (0, int(m.group(5) or 0)) if m.group(5) is not None else (1, 0)
    return (release, pre, post, dev)


@lru_cache(maxsize=1)
def data() -> dict:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def known_versions() -> list[str]:
    return sorted(data()["releases"], key=version_key)


def first_fixed() -> Optional[str]:
    return data()["first_fixed"]


@dataclass(frozen=True)
class Release:
    """The derived facts of one known release."""

    version: str

    @property
    def raw(self) -> dict:
        return data()["releases"][self.version]

    # ---- what reaches model_runner.spec_algorithm

    def spec_kinds(self) -> list[tuple[str, str]]:
        """(kind, class) of every kind of object that can be ``model_runner.spec_algorithm``:
        ``("member", <enum class>)`` and, where plugins can register algorithms that are not
        instances of the enum class, ``("registered", <class register() instantiates>)``."""
        spec = self.raw["spec_algorithm"]
        kinds = []
        if spec["enum"]:
            kinds.append(("member", spec["enum"]["class"]))
        reg = spec["registered"]
        if reg and (not spec["enum"] or reg["class"] != spec["enum"]["class"]):
            kinds.append(("registered", reg["class"]))
        return kinds

    def kind_has(self, kind: str, method: str) -> bool:
        spec = self.raw["spec_algorithm"]
        facts = spec["enum"] if kind == "member" else spec["registered"]
        return bool(facts) and method in facts["methods"]

    def reaching_have(self, path: str, member: str) -> bool:
        """Does every object that can reach ``path`` have ``member`` in this release?"""
        if path == SPEC_PATH:
            kinds = self.spec_kinds()
            return bool(kinds) and all(self.kind_has(k, member) for k, _ in kinds)
        if path == RUNNER_PATH:
            runner = self.raw["model_runner"]
            return bool(runner.get("attributes", {}).get(member))
        if path == ALLOCATOR_PATH:
            allocators = self.token_allocators()
            return bool(allocators) and all(
                info.get(member) if member == "get_kvcache" else False
                for info in allocators.values()
            )
        raise ValueError(f"no facts about {path!r}")

    def token_allocators(self) -> dict:
        """The allocator classes that can be ``model_runner.token_to_kv_pool_allocator``
        (subclasses of ``BaseTokenToKVPoolAllocator``)."""
        return {k: v for k, v in self.raw["allocators"].items() if v.get("token_to_kv")}

    def missing(self, path: str, member: str) -> list[str]:
        """The classes reaching ``path`` that lack ``member`` (spec_algorithm only)."""
        if path != SPEC_PATH:
            raise ValueError(f"no per-class facts about {path!r}")
        return [cls for kind, cls in self.spec_kinds() if not self.kind_has(kind, member)]

    # ---- SWA pool classes (KVG006)

    def swa_pool_classes(self) -> dict:
        """Every SWA pool class (by base-class name under ``BaseSWAKVPool`` or ``SWAKVPool``):
        ``{qualified name: {"bases": [...], "swakvpool": bool}}``."""
        return (self.raw.get("swa_pools") or {}).get("classes") or {}

    def swa_pools_outside(self) -> list[str]:
        """The SWA pool classes an ``isinstance(pool, SWAKVPool)`` misses (the abstract
        ``BaseSWAKVPool`` itself left out); empty before the split (< 0.5.12)."""
        return [
            key
            for key, info in self.swa_pool_classes().items()
            if not info["swakvpool"] and _short(key) != "BaseSWAKVPool"
        ]

    def swa_ancestor_names(self, key: str) -> set[str]:
        """The class's name and its SWA pool ancestors' names (by base-class name)."""
        classes = self.swa_pool_classes()
        by_name = {_short(k): k for k in classes}
        out, stack = set(), [key]
        while stack:
            k = stack.pop()
            if _short(k) in out:
                continue
            out.add(_short(k))
            stack += [
                by_name[_short(b)]
                for b in classes.get(k, {}).get("bases", ())
                if _short(b) in by_name
            ]
        return out

    def swa_base_members(self) -> Optional[frozenset]:
        """The members every ``BaseSWAKVPool`` has along its bases; None without one."""
        members = (self.raw.get("swa_pools") or {}).get("base_members")
        return None if members is None else frozenset(members)

    def answer(self, kind: str, method: str, member: Optional[str] = None) -> Optional[bool]:
        """What this release answers for ``method`` on an object of ``kind``: a registered
        algorithm's constant answer, or whether ``member`` is among the enum members the
        predicate is True for; None when it has no such method or the answer is not simple."""
        spec = self.raw["spec_algorithm"]
        if not self.kind_has(kind, method):
            return None
        if kind == "registered":
            return spec["registered"]["constants"].get(method)
        members = spec["enum"]["predicates"].get(method)
        return None if members is None or member is None else member in members


def resolve(version: Optional[str]) -> tuple[Optional[Release], str]:
    """(facts of the nearest known release at or below ``version``, note); (None, why) when there
    is none. The note is empty for an exactly known release."""
    if not version:
        return None, "sglang version unknown"
    key = version_key(version)
    if key is None:
        return None, f"{version!r} is not a version"
    known = data()["releases"]
    if version in known:
        return Release(version), ""
    below = [v for v in known_versions() if version_key(v) <= key]
    if not below:
        return (
            None,
            f"sglang {version} is older than every release kvguard knows ({known_versions()[0]})",
        )
    if below[-1] == known_versions()[-1]:
        return Release(below[-1]), (
            f"warning: sglang {version} is newer than every release kvguard knows; the code "
            f"relies on the API of {below[-1]}, the newest one: check it against {version}"
        )
    return Release(below[-1]), (
        f"sglang API of {below[-1]}, the nearest release at or below {version} that kvguard knows"
    )


# --------------------------------------------------------------------------------------------
# what the fixer emits


@dataclass(frozen=True)
class ResolverPlan:
    written_for: Optional[str]  # the release whose API the emitted code relies on
    note: str  # "" when the target is exactly a known release
    comment: str  # comment lines for the resolver body (4-space indent, newline-terminated)
    draft_check: str  # the draft-worker statements of the resolver body (4-space indent)
    # The expression that is true for a FROZEN_KV MTP draft (``model_runner`` in scope); None in
    # the defensive form.
    frozen_kv_test: Optional[str]


_DRAFT_CHECK_DIRECT = """\
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
"""
_DRAFT_CHECK_GETATTR = """\
    if model_runner.is_draft_worker:
        spec_algorithm = model_runner.spec_algorithm
        if not getattr(spec_algorithm, "is_frozen_kv_mtp", lambda: False)():
            return None
"""
_DRAFT_CHECK_TOLERANT = """\
    if getattr(model_runner, "is_draft_worker", False):
        spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        is_frozen_kv_mtp = getattr(spec_algorithm, "is_frozen_kv_mtp", None)
        if is_frozen_kv_mtp is None or not is_frozen_kv_mtp():
            return None
"""


def _wrap_comment(text: str, width: int = 80) -> str:
    lines, line = [], "    #"
    for word in text.split():
        if len(line) + 1 + len(word) > width:
            lines.append(line)
            line = "    #"
        line += " " + word
    lines.append(line)
    return "\n".join(lines) + "\n"


def _short(cls: str) -> str:
    return cls.rsplit(".", 1)[-1]


def resolver_plan(version: Optional[str]) -> ResolverPlan:
    """How the emitted ``_resolve_swa_kv_pool`` tests for a FROZEN_KV MTP draft in ``version``:
    exactly as the first fixed upstream release decides for every object that can reach
    ``model_runner.spec_algorithm`` there, using only what those objects have."""
    release, note = resolve(version)
    fixed = Release(first_fixed()) if first_fixed() else None
    if release is None or fixed is None:
        why = note or "no fixed upstream release in the data"
        return ResolverPlan(
            None,
            why,
            _wrap_comment(f"{why}: every attribute is looked up defensively."),
            _DRAFT_CHECK_TOLERANT,
            None,
        )
    v = release.version
    for attr in ("is_draft_worker", "spec_algorithm"):
        if not release.reaching_have(RUNNER_PATH, attr):
            return ResolverPlan(
                v,
                note,
                _wrap_comment(f"Written for sglang {v}, whose ModelRunner may lack {attr}."),
                _DRAFT_CHECK_TOLERANT,
                None,
            )
    method = "is_frozen_kv_mtp"
    lacking = [(k, c) for k, c in release.spec_kinds() if not release.kind_has(k, method)]
    having = [(k, c) for k, c in release.spec_kinds() if release.kind_has(k, method)]
    head = f"Written for sglang {v}" + (
        f", the nearest release at or below {version} that kvguard knows" if note else ""
    )
    if not lacking:
        test = "model_runner.spec_algorithm.is_frozen_kv_mtp()"
        return ResolverPlan(v, note, _wrap_comment(head + "."), _DRAFT_CHECK_DIRECT, test)
    # What the first fixed release answers for the objects lacking the method here.
    answers = set()
    for kind, _ in lacking:
        if kind == "registered":
            answers.add(fixed.answer("registered", method))
        else:
            members = release.raw["spec_algorithm"]["enum"]["members"]
            answers |= {fixed.answer("member", method, m) for m in members}
    if answers != {False}:
        why = f"{head}; sglang {fixed.version}'s answer for objects without {method} is not known"
        return ResolverPlan(v, note, _wrap_comment(why), _DRAFT_CHECK_TOLERANT, None)
    test = f'getattr(model_runner.spec_algorithm, "{method}", lambda: False)()'
    if not having:
        # Every draft returns None here; the getattr form says why (and stays right on a newer
        # sglang than the target, where FROZEN_KV MTP drafts exist).
        text = (
            f"{head}: no speculative algorithm there has {method} (no FROZEN_KV MTP); "
            f"sglang {fixed.version} answers False for all of them, so every draft worker reads "
            "its own pool."
        )
        return ResolverPlan(v, note, _wrap_comment(text), _DRAFT_CHECK_GETATTR, test)
    what = " and ".join(
        (
            f"a plugin-registered speculative algorithm ({_short(c)})"
            if k == "registered"
            else f"a {_short(c)} member"
        )
        for k, c in lacking
    )
    text = (
        f"{head}. There {what} has no {method}; sglang {fixed.version} answers False for it, "
        "so a missing method counts as False."
    )
    return ResolverPlan(v, note, _wrap_comment(text), _DRAFT_CHECK_GETATTR, test)
