"""The composite GitHub Action (action.yml), its steps run here as a runner would run them.

Each `run:` step runs with the runner's shell command (``bash --noprofile --norc -eo pipefail``),
its `env:` with the `${{ }}` expressions substituted, `$GITHUB_PATH` / `$GITHUB_OUTPUT` files
honoured between steps and each step's `if:` evaluated (a failed step skips later steps unless their
`if:` says otherwise). The install step installs a clean copy of this checkout (what
`github.action_path` is on a runner) into a fresh virtual environment: pip fetches libcst from PyPI,
hence the network mark. The one `uses:` step (upload-sarif) cannot run off GitHub: the test checks
that its `sarif_file` is the SARIF the step before wrote.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from .support import REPO, copy_checkout, pypi_reachable

pytestmark = pytest.mark.skipif(not pypi_reachable(), reason="installing kvguard needs PyPI")

ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
STEPS = ACTION["runs"]["steps"]


class Runner:
    def __init__(self, action_path: Path, temp: Path, workspace: Path, inputs: dict):
        self.ctx = {
            "github": {"action_path": str(action_path), "workspace": str(workspace)},
            "inputs": {k: str(v.get("default", "")) for k, v in ACTION["inputs"].items()},
            "steps": {},
        }
        unknown = set(inputs) - set(ACTION["inputs"])
        assert not unknown, f"not inputs of action.yml: {unknown}"
        self.ctx["inputs"].update({k: str(v) for k, v in inputs.items()})
        self.temp, self.workspace = temp, workspace
        self.path_file = temp / "github_path"
        self.path_file.touch()
        self.failed = False
        self.log: list[tuple[str, subprocess.CompletedProcess | None]] = []

    def lookup(self, dotted: str):
        value = self.ctx
        for part in dotted.split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        return value

    def expr(self, text: str):
        """The subset of GitHub's expression syntax action.yml uses."""
        text = text.strip()
        if text.startswith("${{") and text.endswith("}}"):
            text = text[3:-2].strip()
        py = text.replace("!cancelled()", "True").replace("&&", " and ").replace("||", " or ")
        py = re.sub(r"!(?!=)", " not ", py)
        py = re.sub(
            r"\b(?:github|inputs|steps)(?:\.[A-Za-z_][\w-]*)+",
            lambda m: repr(self.lookup(m.group(0))),
            py,
        )
        return eval(py, {"__builtins__": {}}, {"True": True})  # noqa: S307 - our own text

    def subst(self, text: str) -> str:
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(self.expr(m.group(1))), text)

    def run_step(self, step: dict) -> None:
        cond = step.get("if")
        should = (not self.failed) if cond is None else bool(self.expr(cond))
        name = step["id"]
        if not should:
            self.log.append((name, None))
            return
        if "uses" in step:
            self.log.append((name, None))
            self.uses = {
                "uses": step["uses"],
                "with": {k: self.subst(str(v)) for k, v in step["with"].items()},
            }
            return
        assert step["shell"] == "bash"
        output_file = self.temp / f"output-{len(self.log)}"
        output_file.touch()
        extra_path = [p for p in self.path_file.read_text().splitlines() if p]
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KVGUARD_", "PYTHON"))}
        env.update(
            PATH=os.pathsep.join([*reversed(extra_path), "/usr/local/bin", "/usr/bin", "/bin"]),
            RUNNER_TEMP=str(self.temp),
            GITHUB_PATH=str(self.path_file),
            GITHUB_OUTPUT=str(output_file),
            GITHUB_WORKSPACE=str(self.workspace),
        )
        env.update({k: self.subst(str(v)) for k, v in step.get("env", {}).items()})
        script = self.temp / "step.sh"
        script.write_text(self.subst(step["run"]), encoding="utf-8")
        proc = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=self.workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        outputs = dict(
            line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line
        )
        if "id" in step:
            self.ctx["steps"][step["id"]] = {
                "outcome": "success" if proc.returncode == 0 else "failure",
                "outputs": outputs,
            }
        self.failed = self.failed or proc.returncode != 0
        self.log.append((name, proc))

    def proc(self, name: str) -> subprocess.CompletedProcess | None:
        return dict(self.log)[name]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(action path, runner temp) after the action's install step ran once."""
    action_path = copy_checkout(tmp_path_factory.mktemp("action"))
    temp = tmp_path_factory.mktemp("runner-temp")
    runner = Runner(action_path, temp, temp, {})
    runner.run_step(STEPS[0])
    proc = runner.proc("install")
    assert proc is not None and proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().startswith("kvguard ")
    return action_path, temp, runner.path_file.read_text()


def run_action(installed, tmp_path: Path, **inputs) -> Runner:
    action_path, temp, github_path = installed
    workspace = tmp_path / "workspace"
    shutil.copytree(REPO / "examples", workspace / "examples")
    runner = Runner(action_path, temp, workspace, inputs)
    runner.path_file.write_text(github_path)
    runner.ctx["steps"]["install"] = {"outcome": "success", "outputs": {}}
    for step in STEPS[1:]:
        runner.run_step(step)
    return runner


def test_steps_are_the_ones_this_test_knows():
    assert [s["id"] for s in STEPS] == ["install", "check", "sarif", "upload-sarif"]
    assert STEPS[3]["uses"].startswith("github/codeql-action/upload-sarif@")
    assert ACTION["runs"]["using"] == "composite"


def test_findings_annotate_and_fail_and_sarif_is_uploaded(installed, tmp_path):
    runner = run_action(installed, tmp_path, paths="examples", sarif="true")
    check = runner.proc("check")
    assert check.returncode == 1, check.stdout + check.stderr
    annotations = [l for l in check.stdout.splitlines() if l.startswith("::error ")]
    assert len(annotations) == 3
    assert all("file=examples/buggy_backend.py" in a for a in annotations)
    assert runner.ctx["steps"]["check"]["outputs"] == {"exit-code": "1"}
    # the SARIF steps run although the check step failed
    sarif_step = runner.proc("sarif")
    assert sarif_step is not None and sarif_step.returncode == 0, sarif_step.stderr
    assert runner.uses["uses"].startswith("github/codeql-action/upload-sarif@")
    sarif_file = runner.workspace / runner.uses["with"]["sarif_file"]
    sarif = json.loads(sarif_file.read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    assert sorted(r["ruleId"] for r in sarif["runs"][0]["results"]) == [
        "KVG001",
        "KVG002",
        "KVG003",
    ]


def test_clean_paths_with_args_pass_and_skip_sarif(installed, tmp_path):
    runner = run_action(
        installed, tmp_path, paths="examples/clean_backend.py", args="--select KVG001,KVG002"
    )
    check = runner.proc("check")
    assert check.returncode == 0, check.stdout + check.stderr
    assert "::error" not in check.stdout
    assert runner.proc("sarif") is None  # sarif defaults to "false"
    assert not (runner.workspace / "kvguard.sarif").exists()


def test_bad_args_are_an_error_not_a_pass(installed, tmp_path):
    runner = run_action(installed, tmp_path, paths="examples", args="--select NOPE")
    check = runner.proc("check")
    assert check.returncode == 2
    assert "unknown rule selector" in check.stderr
