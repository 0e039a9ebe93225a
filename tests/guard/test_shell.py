"""The signature-preserving shells the guard wraps methods with (``guardrails/shell.py``): the
same parameters, defaults passed as the same objects, every call form reaching the original
unchanged, and the generic fallback where a signature cannot be copied. No sglang."""

import inspect

import pytest

from guardrails.shell import make_shell

RECORD = "_kvguard_seen.append(({arg:forward_batch}, {arg:layer}))\nreturn {call}"

DEFAULT = object()


def f_plain(self, forward_batch, in_capture=False):
    return ("plain", forward_batch, in_capture)


def f_forward(self, q, k, v, layer, forward_batch, save_kv_cache=True, **kwargs):
    return ("fwd", q, k, v, layer, forward_batch, save_kv_cache, kwargs)


def f_posonly_star(self, a, /, b=DEFAULT, *rest, forward_batch=None, flag, **kw):
    return ("star", a, b, rest, forward_batch, flag, kw)


def f_kwargs_only(self, **kwargs):
    return ("kw", kwargs)


CALLS = {
    f_plain: [((1,), {}), ((1, True), {}), ((), {"forward_batch": 1, "in_capture": True})],
    f_forward: [
        ((1, 2, 3, "L", "B"), {}),
        ((1, 2, 3), {"layer": "L", "forward_batch": "B", "save_kv_cache": False, "x": 9}),
    ],
    f_posonly_star: [
        ((1,), {"flag": 0}),
        ((1, 2, 3, 4), {"flag": 1, "forward_batch": "B", "extra": 5}),
    ],
    f_kwargs_only: [((), {}), ((), {"forward_batch": "B", "layer": "L"})],
}


@pytest.mark.parametrize("fn", list(CALLS), ids=lambda f: f.__name__)
def test_every_call_form_reaches_the_original_unchanged(fn):
    seen = []
    shell = make_shell(fn, RECORD, {"_kvguard_seen": seen})
    assert shell is not None
    params = list(inspect.signature(shell).parameters.values())
    expected = list(inspect.signature(fn).parameters.values())
    assert [(p.name, p.kind) for p in params] == [(p.name, p.kind) for p in expected]
    assert [p.default for p in params] == [p.default for p in expected]  # the same objects
    for args, kwargs in CALLS[fn]:
        assert shell("self", *args, **kwargs) == fn("self", *args, **kwargs)
        bound = inspect.signature(fn).bind("self", *args, **kwargs)
        bound.apply_defaults()
        every = dict(bound.arguments)
        every.update(every.pop("kwargs", {}) or {})
        every.update(every.pop("kw", {}) or {})
        assert seen[-1] == (every.get("forward_batch"), every.get("layer"))


def test_wrong_calls_fail_like_the_original():
    shell = make_shell(f_plain, "return {call}", {})
    for bad in (lambda f: f("self"), lambda f: f("self", 1, 2, 3), lambda f: f("self", 1, x=2)):
        with pytest.raises(TypeError):
            bad(f_plain)
        with pytest.raises(TypeError):
            bad(shell)


def test_no_shell_where_the_signature_cannot_be_copied():
    assert make_shell(len, "return {call}", {}) is None  # a builtin

    def clash(self, _kvguard_frame):
        return None

    assert make_shell(clash, "return {call}", {}) is None
    assert make_shell(lambda: None, "return {call}", {}) is None  # no self parameter
    with pytest.raises(ValueError):
        make_shell(f_plain, "return {call}", {"frame": 1})  # environment names are prefixed
