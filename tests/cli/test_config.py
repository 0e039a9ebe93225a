"""[tool.kvguard] discovery and validation; bad configuration is a clear error, exit 2."""

from __future__ import annotations

import json

import pytest

from .conftest import BUGGY, BUGGY_CODES, CLEAN, write


def set_config(project, body: str) -> None:
    (project / "pyproject.toml").write_text(
        f"[project]\nname = 'demo'\n\n[tool.kvguard]\n{body}\n", encoding="utf-8"
    )


def codes(run) -> list[str]:
    return [i["code"] for i in json.loads(run.out) if i["code"]]


@pytest.mark.parametrize(
    "body, fragment",
    [
        ("selct = ['KVG001']", "unknown key 'selct' (did you mean 'select'?)"),
        ("select = 'KVG001'", "'select' must be a list of strings"),
        ("select = ['KVG777']", "unknown rule selector 'KVG777'"),
        ("ignore = ['E501']", "unknown rule selector 'E501'"),
        ("per-file-ignores = { 'tests/*' = ['NOPE1'] }", "unknown rule selector 'NOPE1'"),
        ("per-file-ignores = ['x']", "'per-file-ignores' must be a table"),
        ("all-code = 'yes'", "'all-code' must be true or false"),
        ("target-version = 5", "'target-version' must be"),
        ("target-version = 'latest'", "'target-version' must be"),
        ("target-version = '1'", "'target-version' must be"),
        ("cache-dir = 3", "'cache-dir' must be a non-empty string"),
        ("backend-paths = [1]", "'backend-paths' must be a list of strings"),
        ("select = [", "invalid TOML"),
    ],
)
def test_bad_config_exit_2(kv, project, body, fragment):
    write(project, "a.py", CLEAN)
    set_config(project, body)
    run = kv("check")
    assert run.rc == 2, run
    assert fragment in run.err, run.err
    assert "pyproject.toml" in run.err
    assert "Traceback" not in run.err


def test_config_selection_and_cli_layer(kv, project):
    write(project, "b.py", BUGGY)
    set_config(project, "ignore = ['KVG002']")
    assert codes(kv("check", "--output-format", "json")) == ["KVG001", "KVG003"]
    # The command line is a layer on top: --select replaces the configured set.
    assert codes(kv("check", "--output-format", "json", "--select", "KVG002")) == ["KVG002"]
    set_config(project, "select = ['KVG001']\nextend-select = ['KVG003']")
    assert codes(kv("check", "--output-format", "json")) == ["KVG001", "KVG003"]


def test_per_file_ignores(kv, project):
    write(project, "legacy/b.py", BUGGY)
    write(project, "new/b.py", BUGGY)
    set_config(
        project, "[tool.kvguard.per-file-ignores]\n'legacy/*' = ['KVG00']\n'b.py' = ['KVG003']"
    )
    run = kv("check", "--output-format", "json")
    items = json.loads(run.out)
    assert {(i["filename"].split("/")[-2], i["code"]) for i in items} == {
        ("new", "KVG001"),
        ("new", "KVG002"),
    }


def test_exclude_and_extend_exclude(kv, project):
    write(project, "gen/b.py", BUGGY)
    write(project, "src/b.py", BUGGY)
    write(project, "build/b.py", BUGGY)
    set_config(project, "extend-exclude = ['gen']")
    run = kv("check", "--output-format", "json")
    assert {i["filename"].split("/")[-2] for i in json.loads(run.out)} == {"src"}
    # `exclude` replaces the defaults (build/ is linted again).
    set_config(project, "exclude = ['gen', 'src/*.py']")
    run = kv("check", "--output-format", "json")
    assert {i["filename"].split("/")[-2] for i in json.loads(run.out)} == {"build"}


def test_backend_scope_config(kv, project):
    # A helper outside any backend class and outside layers/attention: out of scope by default.
    helper = (
        "def pick(model_runner, SWATokenToKVPoolAllocator):\n"
        "    allocator = model_runner.token_to_kv_pool_allocator\n"
        "    return allocator.translate_loc_from_full_to_swa(0)\n"
    )
    write(project, "mylib/helpers.py", helper)
    assert kv("check").rc == 0
    set_config(project, "backend-paths = ['mylib/**']")
    run = kv("check", "--output-format", "json")
    assert codes(run) == ["KVG002"], run
    # all-code = backend-like code anywhere (guards): `pick` reads no KV through a pool
    set_config(project, "all-code = true")
    assert codes(kv("check", "--output-format", "json")) == []
    write(
        project,
        "mylib/helpers.py",
        helper + "    return model_runner.token_to_kv_pool.get_key_buffer(0)\n",
    )
    assert codes(kv("check", "--output-format", "json")) == ["KVG002"]


def test_config_found_from_common_root_of_targets(kv, project):
    sub = project / "sub"
    write(sub, "pkg/b.py", BUGGY)
    (sub / "pyproject.toml").write_text("[tool.kvguard]\nselect = ['KVG002']\n", encoding="utf-8")
    set_config(project, "select = ['KVG001']")
    # Targets under sub/: sub's configuration wins; run from the outer project.
    assert codes(kv("check", "sub/pkg", "--output-format", "json")) == ["KVG002"]
    # A pyproject.toml without [tool.kvguard] does not stop the walk.
    (sub / "pyproject.toml").write_text("[project]\nname = 'sub'\n", encoding="utf-8")
    assert codes(kv("check", "sub/pkg", "--output-format", "json")) == ["KVG001"]
    # --isolated ignores configuration; --config names one.
    assert codes(kv("check", "sub/pkg", "--output-format", "json", "--isolated")) == BUGGY_CODES
    other = project / "kvguard.toml"
    other.write_text("select = ['KVG003']\n", encoding="utf-8")
    assert codes(kv("check", "sub/pkg", "--output-format", "json", "--config", str(other))) == [
        "KVG003"
    ]
    bad = kv("check", "--config", str(project / "missing.toml"))
    assert bad.rc == 2 and "missing.toml" in bad.err


def test_cache_dir_setting(kv, project):
    write(project, "b.py", CLEAN)
    set_config(project, "cache-dir = 'var/kvcache'")
    assert kv("check").rc == 0
    assert (project / "var" / "kvcache" / ".gitignore").read_text().strip().endswith("*")
    assert not (project / ".kvguard_cache").exists()


def test_target_version_passed_to_fixer_is_validated(kv, project):
    write(project, "b.py", CLEAN)
    set_config(project, "target-version = '0.5.12.post1'")
    assert kv("check").rc == 0
    set_config(project, "target-version = 'auto'")
    assert kv("check").rc == 0
