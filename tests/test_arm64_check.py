"""tools/arm64-check: the parts that run anywhere (arguments, the commands it would run,
the side-by-side figures). The whole script needs root and takes tens of minutes: it is run
by hand (README, "On the Pi")."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "arm64-check"


def load() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("arm64_check", str(SCRIPT))
    spec = importlib.util.spec_from_loader("arm64_check", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["arm64_check"] = module  # its dataclasses look their module up there
    loader.exec_module(module)
    return module


tool = load()


def test_defaults_build_a_cached_bookworm_arm64_root_and_run_everything():
    opts = tool.parse_args([])
    assert opts.root == tool.DEFAULT_ROOT and opts.suite and opts.bench and not opts.rebuild
    cmd = tool.debootstrap_command(opts)
    assert cmd[:3] == ["debootstrap", "--arch=arm64", "--variant=minbase"]
    assert cmd[-3:] == ["bookworm", str(tool.DEFAULT_ROOT), tool.DEFAULT_MIRROR]
    assert "python3-venv" in cmd[3]


def test_pytest_arguments_after_the_double_dash_reach_the_suite_quoted(tmp_path):
    opts = tool.parse_args(["--root", str(tmp_path / "r"), "--", "-x", "-k", "replay and not x"])
    assert opts.pytest_args == ["-x", "-k", "replay and not x"]
    cmd = tool.suite_command(opts)
    assert cmd[:2] == ["chroot", str(tmp_path / "r")]
    assert "CI=true" in cmd  # the suite runs as CI runs it
    assert cmd[-1].endswith("./test -x -k 'replay and not x' < /dev/null")


@pytest.mark.parametrize(("argv", "message"), [
    (["--root", "/"], "too near /"),
    (["--root", "/var"], "too near /"),
    (["--mirror", "ftp.example.org"], "--mirror must be"),
    (["--no-suite", "--", "-x"], "--no-suite skips the suite"),
    (["--frobnicate"], "unrecognized arguments"),
])
def test_bad_arguments_are_refused_with_a_reason(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        tool.parse_args(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_help_says_what_it_does():
    out = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True,
                         text=True, check=True, timeout=30).stdout
    assert "arm64 Debian bookworm" in out and "--rebuild" in out and "--no-bench" in out


def test_a_dry_run_prints_every_step_and_changes_nothing(tmp_path, capsys):
    root = tmp_path / "root"
    assert tool.main(["--dry-run", "--root", str(root), "--no-bench"]) == 0
    out = capsys.readouterr().out
    assert "debootstrap --arch=arm64" in out and "./test" in out and "umount" in out
    assert not root.exists()


def test_the_figures_stand_side_by_side_with_their_ratio():
    native = [{"name": "replay, per line", "value": 14.0, "unit": "us"},
              {"name": "first frame", "value": 200.0, "unit": "ms"}]
    arm = [{"name": "replay, per line", "value": 210.0, "unit": "us"}]
    lines = tool.side_by_side(native, arm).splitlines()
    assert lines[0].split() == ["figure", "native", "arm64", "(qemu)", "ratio"]
    assert lines[1].split()[-5:] == ["14", "us", "210", "us", "15.0x"]
    assert lines[2].split()[-4:] == ["200", "ms", "-", "-"]
