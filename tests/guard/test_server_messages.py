"""What a server operator reads from the guard (issue 29): the "installed" line names the sglang
version on every class, pool classes patched before any backend included, and a violation that a
``kvguard fix`` rule rewrites names the command and the backend's own source files.

No sglang here: the backend is a small package written to ``tmp_path`` and really imported (so its
classes have real source files), standing in for an sglang backend module; the version comes from
a stand-in ``sglang`` module object in ``sys.modules``. The same lines from a real 0.5.12.post1
server are in benchmarks/RESULTS-gpu.md (scripts/gpu_server.sh).
"""

import importlib
import json
import logging
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

import guardrails
from guardrails import runtime
from guardrails.invariant import (
    FIXABLE_RULES,
    OPT_IN_FIXABLE_RULES,
    STATIC_RULES,
    SWA_ACTIVE_WITHOUT_SWA_POOL,
    SWA_POOL_WITHOUT_SWA_ACTIVE,
)
from guardrails.report import fix_command, format_violation
from lint_rules.registry import RULES

PKG = "kvg_srvmsg_pkg"

FILES = {
    "__init__.py": "",
    "pools.py": (
        "class SWAKVPool:\n    pass\n\n\n"
        "class FullPool:\n    pass\n\n\n"
        "class SWATokenToKVPoolAllocator:\n"
        "    def __init__(self, kvcache):\n        self._kvcache = kvcache\n\n"
        "    def get_kvcache(self):\n        return self._kvcache\n\n"
        "    def translate_loc_from_full_to_swa(self, locs):\n        return locs\n"
    ),
    "base.py": (
        "class BaseBackend:\n"
        "    def init_forward_metadata(self, forward_batch):\n        return 'meta'\n"
    ),
    "backend.py": (
        "from kvg_srvmsg_pkg.base import BaseBackend\n"
        "from kvg_srvmsg_pkg.pools import SWATokenToKVPoolAllocator\n\n\n"
        "class Mixin:\n    pass\n\n\n"
        "class WindowBackend(BaseBackend, Mixin):\n"
        "    def __init__(self, model_runner):\n"
        "        self.token_to_kv_pool = model_runner.token_to_kv_pool\n"
        "        allocator = model_runner.token_to_kv_pool_allocator\n"
        "        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)\n"
        "        self._swa_kv_pool = allocator.get_kvcache() if self.use_sliding_window_kv_pool "
        "else None\n"
    ),
}


@pytest.fixture
def pkg(tmp_path, monkeypatch):
    root = tmp_path / PKG
    root.mkdir()
    for name, text in FILES.items():
        (root / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in list(sys.modules):
        if name == PKG or name.startswith(PKG + "."):
            sys.modules.pop(name)
    yield root
    runtime.uninstall()
    for name in list(sys.modules):
        if name == PKG or name.startswith(PKG + "."):
            sys.modules.pop(name)


def draft_runner(pools):
    return types.SimpleNamespace(
        token_to_kv_pool=pools.FullPool(),
        token_to_kv_pool_allocator=pools.SWATokenToKVPoolAllocator(pools.SWAKVPool()),
        is_draft_worker=True,
        spec_algorithm=types.SimpleNamespace(name="EAGLE3"),
    )


def install_on(pkg_root, mode):
    pools = importlib.import_module(f"{PKG}.pools")
    guardrails.install(
        mode,
        targets={f"{PKG}.backend": ("WindowBackend",)},
        swa_pool_types=(pools.SWAKVPool,),
        sglang_version="0.5.12.post1",
        translate_check=False,
    )
    backend = importlib.import_module(f"{PKG}.backend")  # patched on import (post-import hook)
    return pools, backend


def test_raise_message_names_kvguard_fix_and_the_backends_source_files(pkg):
    pools, backend = install_on(pkg, "raise")
    draft = backend.WindowBackend(draft_runner(pools))
    with pytest.raises(guardrails.PoolGuardViolation) as info:
        draft.init_forward_metadata(object())
    lines = str(info.value).splitlines()
    assert [v.kind for v in info.value.violations] == [SWA_POOL_WITHOUT_SWA_ACTIVE]
    fix_lines = [line for line in lines if line.startswith("  to fix: ")]
    # the class's own file, then its base's (same top-level package); the mixin's module is the
    # same file, so listed once; nothing outside the package (``object``)
    assert fix_lines == [f"  to fix: kvguard fix {pkg / 'backend.py'} {pkg / 'base.py'}"]
    after = lines[lines.index(fix_lines[0]) + 1]
    assert "rewrites the KVG001/KVG002/KVG003 findings that have a fix" in after
    assert "restart the server" in after
    assert info.value.context["sources"] == [str(pkg / "backend.py"), str(pkg / "base.py")]


def test_json_record_carries_the_fix_command(pkg, monkeypatch, caplog):
    monkeypatch.setenv("SGLANG_KV_POOL_GUARD_LOG", "json")
    pools, backend = install_on(pkg, "warn")
    draft = backend.WindowBackend(draft_runner(pools))
    with caplog.at_level(logging.WARNING, logger="kvguard.guard"):
        assert draft.init_forward_metadata(object()) == "meta"  # warn: the call goes through
    (record,) = [json.loads(r.getMessage()) for r in caplog.records]
    assert record["kinds"] == [SWA_POOL_WITHOUT_SWA_ACTIVE]
    assert record["fix_command"] == f"kvguard fix {pkg / 'backend.py'} {pkg / 'base.py'}"


def test_no_fix_line_where_no_rule_has_a_fix():
    # the #26957 shape is found by KVG004 only, which has no automatic fix
    assert not set(STATIC_RULES[SWA_ACTIVE_WITHOUT_SWA_POOL]) & FIXABLE_RULES
    violation = types.SimpleNamespace(
        kind=SWA_ACTIVE_WITHOUT_SWA_POOL, severity="error", problem="p", fix="f"
    )
    state = types.SimpleNamespace(
        backend_class="B", role="draft", spec_algorithm="FROZEN_KV", sglang_version="0.5.12.post1"
    )
    ctx = {"sources": ["/x/b.py"]}
    assert fix_command(ctx, [violation]) is None
    assert "kvguard fix" not in format_violation(state, "init_forward_metadata", ctx, [violation])
    # a path with a space is quoted for the shell
    fixable = types.SimpleNamespace(kind=SWA_POOL_WITHOUT_SWA_ACTIVE)
    assert fix_command({"sources": ["/a b/c.py"]}, [fixable]) == "kvguard fix '/a b/c.py'"


def test_fixable_rules_are_the_linters_fixable_rules():
    """The guard's fixable rules are the linter's fixable rules among those its violation kinds
    stand for; the opt-in ones (not enabled by default) are named in the fix command."""
    mapped = {code for codes in STATIC_RULES.values() for code in codes}
    assert FIXABLE_RULES == {code for code, meta in RULES.items() if meta.fixable} & mapped
    opt_in = {code for code in FIXABLE_RULES if not RULES[code].default_enabled}
    assert OPT_IN_FIXABLE_RULES == opt_in
    for code in opt_in:
        kind = next(k for k, codes in STATIC_RULES.items() if code in codes)
        command = fix_command({"sources": ["/x/b.py"]}, [types.SimpleNamespace(kind=kind)])
        assert command == f"kvguard fix --extend-select {code} /x/b.py"


def test_pool_classes_patched_before_any_backend_name_the_version(monkeypatch, caplog):
    """A pool module imported before every backend module (as in a real scheduler) used to log
    "sglang unknown": the version was read only when a backend class was patched."""
    fake_sglang = types.ModuleType("sglang")  # stand-in: only its __version__ is read
    fake_sglang.__version__ = "0.5.12.post1"
    monkeypatch.setitem(sys.modules, "sglang", fake_sglang)
    pools = types.ModuleType("kvg_srvmsg_pools")

    class SWATokenToKVPoolAllocator:
        def translate_loc_from_full_to_swa(self, locs):
            return locs

    pools.SWATokenToKVPoolAllocator = SWATokenToKVPoolAllocator
    monkeypatch.setitem(sys.modules, "kvg_srvmsg_pools", pools)
    try:
        with caplog.at_level(logging.INFO, logger="kvguard.guard"):
            guardrails.install(
                "warn",
                targets={"kvg_srvmsg_no_backend": ("Nothing",)},
                translate_targets={"kvg_srvmsg_pools": ("SWATokenToKVPoolAllocator",)},
            )
    finally:
        runtime.uninstall()
    installed = [r.getMessage() for r in caplog.records if "installed on" in r.getMessage()]
    assert len(installed) == 1, installed
    assert "installed on SWATokenToKVPoolAllocator" in installed[0]
    assert "sglang 0.5.12.post1," in installed[0] and "unknown" not in installed[0]


HELD = """
import logging, sys, types
import guardrails
from guardrails import plugin

pools = types.ModuleType("kvg_held_pools")  # already imported when the plugin runs, as in sglang
class SWATokenToKVPoolAllocator:
    def translate_loc_from_full_to_swa(self, locs):
        return locs
pools.SWATokenToKVPoolAllocator = SWATokenToKVPoolAllocator
sys.modules["kvg_held_pools"] = pools
sglang = types.ModuleType("sglang")  # stand-in: only its __version__ is read
sglang.__version__ = "0.5.12.post1"
sys.modules["sglang"] = sglang

guardrails.runtime.install = lambda mode, _install=guardrails.runtime.install: _install(
    mode,
    targets={"kvg_held_backend": ("Backend",)},
    translate_targets={"kvg_held_pools": ("SWATokenToKVPoolAllocator",)},
)
plugin.install = guardrails.runtime.install
plugin.load_plugin()  # before the host configures logging: nothing is printed yet
print("-- logging configured --", flush=True)
logging.basicConfig(level=logging.INFO, format="LOG %(message)s", stream=sys.stdout)
import kvg_held_backend  # the next target import flushes the held lines, then logs its own
"""


def test_lines_logged_before_the_host_configures_logging_are_held_not_lost(tmp_path):
    """sglang's scheduler calls load_plugins() before configure_logger(): the plugin line and the
    lines of pool classes patched at install time reached only logging's last-resort handler
    (warnings and errors) and were lost. They are held and logged with the next target import."""
    (tmp_path / "kvg_held_backend.py").write_text(
        "class Backend:\n    def init_forward_metadata(self, forward_batch):\n        pass\n"
    )
    env = dict(os.environ, SGLANG_KV_POOL_GUARD="warn")
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(Path(guardrails.__file__).parents[1])])
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(HELD)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == "-- logging configured --" and proc.stderr == "", (out, proc.stderr)
    logged = [line for line in out[1:] if line.startswith("LOG kvguard:")]
    assert len(logged) == 3, out
    assert "pool guard plugin enabled (mode=warn, pid" in logged[0]
    assert "installed on SWATokenToKVPoolAllocator (mode=warn" in logged[1]
    assert "sglang 0.5.12.post1," in logged[1]
    assert "installed on Backend (mode=warn" in logged[2]
