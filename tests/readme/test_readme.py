"""Every command block of README.md runs in CI, or says right above it why not.

* ```` ```bash ```` blocks are run line by line, in order, in a fresh copy of the checkout, with
  only ``python`` and ``kvguard`` on PATH besides the system's (what ``pip install .`` gives a
  user: no black, no ruff, no pre-commit). A ``kvguard`` (or ``python -m fixit``) command may
  exit 0 or 1 (findings are its business); anything else must exit 0; a traceback is never
  acceptable.
* ```` ```toml ```` blocks are validated by kvguard's own configuration parser, ```` ```yaml ````
  blocks by ``pre-commit validate-config`` (a pre-commit config) or against action.yml's inputs
  (a workflow using the action).
* Any block may instead carry ``<!-- not run in CI: REASON -->`` on the line right above it.
  The files and scripts such a block names must exist.

The commands name only paths a clone has (``examples/``) or that an earlier line of the same
block creates (``scratch/``, a copy of ``examples/`` to rewrite): nothing is added to the copy.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from lint_rules import __version__

from .support import REPO, copy_checkout

README = REPO / "README.md"
VENV_BIN = REPO / ".venv" / "bin"
MARKER = re.compile(r"^<!--\s*not run in CI\b[^:]*:\s*(?P<why>\S.*?)\s*-->\s*$")
FENCE = re.compile(r"^```(?P<lang>[\w-]*)\s*$")
RUN_LANGS = {"bash", "toml", "yaml"}


@dataclass
class Block:
    line: int  # 1-based line of the opening fence
    lang: str
    text: str
    why_not: str | None

    @property
    def id(self) -> str:
        return f"L{self.line}-{self.lang}"


def readme_blocks() -> list[Block]:
    lines = README.read_text(encoding="utf-8").splitlines()
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, body = i, []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        assert i < len(lines), f"README.md:{start + 1}: unclosed code block"
        above = lines[start - 1] if start else ""
        mark = MARKER.match(above)
        assert mark or "not run" not in above, f"README.md:{start}: malformed marker: {above}"
        out.append(
            Block(start + 1, m.group("lang"), "\n".join(body) + "\n", mark and mark.group("why"))
        )
        i += 1
    return out


BLOCKS = readme_blocks()


def commands(text: str) -> list[str]:
    """Logical command lines: comments and blank lines dropped, backslash continuations joined."""
    out, pending = [], ""
    for raw in text.splitlines():
        line = pending + raw
        if line.rstrip().endswith("\\"):
            pending = line.rstrip()[:-1] + " "
            continue
        pending = ""
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(line.strip())
    return out


def last_command(cmd: str) -> str:
    """The program of the last stage of a pipeline (``cat f.py | kvguard ...`` -> kvguard)."""
    lexer = shlex.shlex(cmd, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    tokens = list(lexer)
    stage = tokens[len(tokens) - tokens[::-1].index("|") :] if "|" in tokens else tokens
    return stage[0] if stage else ""


def _setup_stamp_ok() -> bool:
    """scripts/setup.sh's own up-to-date test, so that running it in the sandbox (through
    demo.sh) can never re-point the shared .venv at the sandbox."""
    stamp = REPO / ".venv" / ".kvguard-setup.stamp"
    install = "-e .[dev] --config-settings editable_mode=compat"
    want = hashlib.sha256((REPO / "pyproject.toml").read_bytes() + f"{install}\n".encode())
    return stamp.is_file() and stamp.read_text().strip() == want.hexdigest()


@pytest.fixture
def sandbox(tmp_path: Path) -> tuple[Path, dict]:
    """(a copy of the checkout with the README's user files, the environment of a user who ran
    `pip install .`)."""
    if not (VENV_BIN / "kvguard").exists():
        pytest.fail("run `bash scripts/setup.sh` first (.venv/bin/kvguard is missing)")
    root = copy_checkout(tmp_path / "clone")
    (root / ".venv").symlink_to(REPO / ".venv")
    user_bin = tmp_path / "user-bin"
    user_bin.mkdir()
    for name, target in (
        ("python", VENV_BIN / "python"),
        ("python3", VENV_BIN / "python"),
        ("kvguard", VENV_BIN / "kvguard"),
    ):
        wrapper = user_bin / name
        wrapper.write_text(f'#!/bin/sh\nexec "{target}" "$@"\n', encoding="utf-8")
        wrapper.chmod(0o755)
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "VIRTUAL_ENV", "KVGUARD_OUTPUT"))
    }
    env["PATH"] = os.pathsep.join([str(user_bin), "/usr/local/bin", "/usr/bin", "/bin"])
    env["HOME"] = str(tmp_path / "home")
    return root, env


def test_readme_has_blocks_and_each_is_run_or_says_why():
    assert len(BLOCKS) >= 10
    for b in BLOCKS:
        assert b.lang, f"README.md:{b.line}: a code block without a language"
        assert b.lang in RUN_LANGS or b.why_not, (
            f"README.md:{b.line}: a ```{b.lang} block that CI cannot run needs "
            "`<!-- not run in CI: REASON -->` on the line above it"
        )
    assert sum(b.why_not is None for b in BLOCKS if b.lang == "bash") >= 5


def test_user_environment_is_what_pip_install_gives(sandbox):
    _, env = sandbox
    for tool in ("black", "ruff", "pre-commit"):
        assert shutil.which(tool, path=env["PATH"]) is None, tool
    assert shutil.which("kvguard", path=env["PATH"])


BASH = [b for b in BLOCKS if b.lang == "bash" and b.why_not is None]


@pytest.mark.parametrize("block", BASH, ids=[b.id for b in BASH])
def test_bash_block_runs(block, sandbox):
    root, env = sandbox
    if "scripts/" in block.text and not _setup_stamp_ok():
        pytest.fail("the .venv is not up to date with pyproject.toml: run `bash scripts/setup.sh`")
    for cmd in commands(block.text):
        proc = subprocess.run(
            ["bash", "--noprofile", "--norc", "-o", "pipefail", "-c", cmd],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            stdin=subprocess.DEVNULL,
        )
        linter = last_command(cmd) == "kvguard" or cmd.startswith("python -m fixit ")
        allowed = {0, 1} if linter else {0}
        where = f"README.md:{block.line}: `{cmd}`"
        assert (
            proc.returncode in allowed
        ), f"{where} exited {proc.returncode}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
        assert "Traceback" not in proc.stderr + proc.stdout, f"{where}\n{proc.stderr[-3000:]}"


def test_codemod_block_rewrites_without_black(sandbox):
    """The codemod command, as written, fixes the buggy example in an environment without
    black (its flag-less form used to fail there)."""
    root, env = sandbox
    (block,) = [b for b in BASH if "libcst.tool codemod" in b.text]
    copy, cmd = commands(block.text)
    subprocess.run(["bash", "-c", copy], cwd=root, env=env, check=True)
    before = (root / "scratch" / "buggy_backend.py").read_text(encoding="utf-8")
    proc = subprocess.run(["bash", "-c", cmd], cwd=root, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    after = (root / "scratch" / "buggy_backend.py").read_text(encoding="utf-8")
    assert after != before and "_resolve_swa_kv_pool" in after
    plain = cmd.replace(" --no-format", "")
    shutil.copy(REPO / "examples" / "buggy_backend.py", root / "scratch" / "buggy_backend.py")
    proc = subprocess.run(["bash", "-c", plain], cwd=root, env=env, capture_output=True, text=True)
    assert proc.returncode == 1 and "black" in proc.stderr  # why the README needs the flag
    # A path that does not exist: one line and exit 2, as `kvguard check` (no traceback).
    missing = cmd.replace("scratch/", "no-such-dir/")
    proc = subprocess.run(
        ["bash", "-c", missing], cwd=root, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 2, proc.stderr[-3000:]
    assert proc.stderr == "error: no-such-dir/: No such file or directory\n"


def test_commands_name_paths_a_clone_has(sandbox):
    """Each path argument of a run block exists in a fresh copy of the checkout, or an earlier
    line of the same block creates it."""
    root, _ = sandbox
    for block in BASH:
        made = set()
        for cmd in commands(block.text):
            words = shlex.split(cmd, comments=True)
            if words[:2] == ["cp", "-r"]:
                made.add(words[-1].rstrip("/"))
                continue
            for w in words:
                looks_like_path = "/" in w or w.endswith(".py")
                if not looks_like_path or w.startswith(("-", "http")) or "=" in w:
                    continue
                if w in ("fixed.py", "kvguard.sarif") or w.split("/")[0] in ("pkg",):
                    continue  # outputs, and the name stdin is reported as
                first = w.rstrip("/").split("/")[0]
                assert (root / w).exists() or first in made, f"README.md:{block.line}: {w}"


def test_toml_blocks_are_valid_kvguard_configuration():
    from lint_rules.config import parse_settings

    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    blocks = [b for b in BLOCKS if b.lang == "toml" and b.why_not is None]
    assert blocks
    for b in blocks:
        table = tomllib.loads(b.text)["tool"]["kvguard"]
        config = parse_settings(table, f"README.md:{b.line}", str(REPO))
        assert config.select == ("KVG",)


def test_toml_block_works_as_pasted(sandbox):
    """The `[tool.kvguard]` sample, pasted into a project's pyproject.toml, gives a working run."""
    root, env = sandbox
    (block,) = [b for b in BLOCKS if b.lang == "toml" and b.why_not is None]
    project = root / "pasted"
    shutil.copytree(REPO / "examples", project)
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n\n" + block.text)
    proc = subprocess.run(
        ["kvguard", "check", "--output-format", "concise"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    # findings (exit 1) in the buggy example, KVG003 ignored as the sample says
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "KVG001" in proc.stdout and "KVG003" not in proc.stdout


def _repository_url() -> str:
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    doc = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return doc["project"]["urls"]["Repository"]


def test_yaml_blocks_match_the_hooks_and_the_action(tmp_path):
    url, tag = _repository_url(), f"v{__version__}"
    hooks = {h["id"] for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    action = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
    seen = set()
    for b in (b for b in BLOCKS if b.lang == "yaml" and b.why_not is None):
        doc = yaml.safe_load(b.text)
        if "repos" in doc:
            seen.add("pre-commit")
            (repo,) = doc["repos"]
            assert (repo["repo"], repo["rev"]) == (url, tag)
            ids = {h["id"] for h in repo["hooks"]} | set(re.findall(r"id: ([\w-]+)", b.text))
            assert ids <= hooks and ids
            cfg = tmp_path / ".pre-commit-config.yaml"
            cfg.write_text(b.text, encoding="utf-8")
            proc = subprocess.run(
                [str(VENV_BIN / "pre-commit"), "validate-config", str(cfg)],
                capture_output=True,
                text=True,
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
        else:
            seen.add("workflow")
            steps = [s for job in doc["jobs"].values() for s in job["steps"]]
            (uses,) = [s for s in steps if s.get("uses", "").startswith("kvguard/")]
            assert uses["uses"] == f"{url.removeprefix('https://github.com/')}@{tag}"
            assert set(uses["with"]) <= set(action["inputs"])
    assert seen == {"pre-commit", "workflow"}
    assert f"git+{url}@" in (REPO / "action.yml").read_text(encoding="utf-8")
    assert f'"kvguard @ git+{url}@{tag}"' in README.read_text(encoding="utf-8")


def test_what_blocks_not_run_name_exists():
    for b in BLOCKS:
        if b.why_not is None:
            continue
        for cmd in commands(b.text):
            words = shlex.split(cmd, comments=True)
            for i, w in enumerate(words[:-1]):
                if w in ("bash", "python") and not words[i + 1].startswith("-"):
                    assert (REPO / words[i + 1]).is_file(), f"README.md:{b.line}: {words[i + 1]}"
    assert "--plan-torch" in (REPO / "scripts" / "setup_sglang_envs.sh").read_text()
