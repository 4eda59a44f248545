"""requirements.lock: it agrees with pyproject.toml, every set-up path takes its part of it,
this very environment holds exactly the locked versions, and a file whose hash is not the
locked one stops the install with one sentence.

The installs here run pip against a local folder of wheels made on the spot (--no-index):
no network."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "lockfile.py"

_spec = importlib.util.spec_from_file_location("lockfile", TOOL)
assert _spec is not None and _spec.loader is not None
lockfile = importlib.util.module_from_spec(_spec)
sys.modules["lockfile"] = lockfile  # its dataclasses look their module up there
_spec.loader.exec_module(lockfile)


def locked(extras=(), groups=()):
    return lockfile.select(lockfile.read_lock(), lockfile.read_pyproject(), extras, groups)


def names(entries) -> set[str]:
    return {e.name for e in entries}


# --- the lock and pyproject.toml --------------------------------------------------------------


def test_pyproject_and_the_lock_agree():
    problems = lockfile.drift(lockfile.read_lock(), lockfile.read_pyproject())
    assert problems == [], "run tools/refresh-lock:\n" + "\n".join(problems)


def test_a_dependency_added_to_pyproject_alone_is_caught(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    added = tmp_path / "pyproject.toml"
    added.write_text(text.replace('"segno>=1.6",', '"segno>=1.6",\n    "requests>=2",', 1))
    problems = lockfile.drift(lockfile.read_lock(), lockfile.read_pyproject(added))
    assert problems == ["pyproject.toml (dependencies) names requests, which the lock lacks"]


def test_a_dependency_dropped_from_pyproject_alone_is_caught(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    assert '    "segno>=1.6",\n' in text
    dropped = tmp_path / "pyproject.toml"
    dropped.write_text(text.replace('    "segno>=1.6",\n', "", 1))
    problems = lockfile.drift(lockfile.read_lock(), lockfile.read_pyproject(dropped))
    assert problems == ["the lock holds segno for coda-pi, which pyproject.toml no longer names"]


def test_a_range_raised_past_the_locked_version_is_caught(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    raised = tmp_path / "pyproject.toml"
    raised.write_text(text.replace('"paho-mqtt>=2.0"', '"paho-mqtt>=99"', 1))
    problems = lockfile.drift(lockfile.read_lock(), lockfile.read_pyproject(raised))
    assert len(problems) == 1 and "paho-mqtt" in problems[0] and "outside" in problems[0]


def test_an_install_stops_on_a_dependency_the_lock_lacks(tmp_path):
    # What ./test says after a merge that added a dependency and not its lock entry.
    text = (ROOT / "pyproject.toml").read_text()
    added = tmp_path / "pyproject.toml"
    added.write_text(text.replace('"segno>=1.6",', '"segno>=1.6",\n    "requests>=2",', 1))
    with pytest.raises(lockfile.LockError) as refused:
        lockfile.select(lockfile.read_lock(), lockfile.read_pyproject(added), ["test"])
    assert str(refused.value) == ("pyproject.toml names requests, which requirements.lock lacks: "
                                  "run tools/refresh-lock --keep")


def test_every_locked_package_is_one_exact_version_with_sha256_hashes():
    entries = lockfile.read_lock()
    assert len(names(entries)) == len(entries), "a package pinned twice"
    for entry in entries:
        assert entry.hashes, entry.name
        for value in entry.hashes:
            algorithm, _, digest = value.partition(":")
            assert algorithm == "sha256" and len(digest) == 64, (entry.name, value)


def test_a_lock_without_hashes_is_refused(tmp_path):
    bare = tmp_path / "requirements.lock"
    bare.write_text("pygame==2.6.1\n    # via coda-pi (pyproject.toml)\n")
    with pytest.raises(lockfile.LockError, match="pygame has no --hash"):
        lockfile.read_lock(bare)


# --- what each set-up path takes from it ------------------------------------------------------


def test_the_device_command_gets_the_runtime_without_the_test_tools():
    runtime = names(locked(groups=["build"]))
    assert {"pygame", "gpiozero", "colorzero", "paho-mqtt", "openskill", "segno",
            "fastjsonschema", "setuptools"} <= runtime
    assert not runtime & {"pytest", "ruff", "babel", "hypothesis", "uv", "lgpio", "rpi-gpio"}


def test_the_tests_get_the_test_tools_and_their_dependencies_but_not_uv():
    tested = names(locked(["test"], ["build"]))
    assert {"pytest", "pytest-xdist", "execnet", "pluggy", "hypothesis", "sortedcontainers",
            "ruff", "babel", "pygame"} <= tested
    assert not tested & {"uv", "lgpio", "rpi-gpio"}


def test_a_group_alone_is_what_is_installed_before_anything_is_built():
    assert names(lockfile.select(lockfile.read_lock(), lockfile.read_pyproject(),
                                 groups=["build"], project=False)) == {"setuptools", "pybind11"}
    # (pybind11: Pillow's source build on a 32-bit Pi, where PyPI has no wheel of it)
    assert names(lockfile.select(lockfile.read_lock(), lockfile.read_pyproject(),
                                 groups=["lock"], project=False)) == {"uv"}


def test_the_build_system_requirement_is_checked_against_the_lock_too(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    raised = tmp_path / "pyproject.toml"
    raised.write_text(text.replace('requires = ["setuptools>=77"]',
                                   'requires = ["setuptools>=77", "wheel"]', 1))
    problems = lockfile.drift(lockfile.read_lock(), lockfile.read_pyproject(raised))
    assert problems == ["pyproject.toml (build-system) names wheel, which the lock lacks"]


@pytest.mark.parametrize("machine", ["aarch64", "armv7l"])
def test_a_pi_gets_one_gpio_backend_and_no_test_tools(machine):
    pi = names(lockfile.for_machine(locked(["pi"], ["build"]), machine))
    legacy = names(lockfile.for_machine(locked(["pi-legacy"], ["build"]), machine))
    assert "lgpio" in pi and "rpi-gpio" not in pi
    assert "rpi-gpio" in legacy and "lgpio" not in legacy
    for chosen in (pi, legacy):
        assert {"pygame", "setuptools", "gpiozero"} <= chosen
        assert not chosen & {"pytest", "ruff", "uv"}
    # Off a Pi the backends' markers leave them out even when asked for.
    assert "lgpio" not in names(lockfile.for_machine(locked(["pi"]), "x86_64"))


MARKERS = [
    "sys_platform == 'win32'",
    "platform_machine == 'aarch64' or platform_machine == 'armv6l' or platform_machine == 'armv7l'",
    "python_full_version < '3.12' and platform_machine == 'x86_64'",
    "(sys_platform == 'linux' or sys_platform == 'darwin') and python_version >= '3.11'",
    "python_version > '3.9' and (platform_machine != 'armv7l' or os_name == 'nt')",
    "'arm' in platform_machine and implementation_name == \"cpython\"",
    "platform_machine not in 'x86_64 i686'",
    "python_full_version >= '3.11.1' or python_version == '3.13'",
]


@pytest.mark.parametrize("python", ["3.11", "3.12", "3.13"])
@pytest.mark.parametrize("machine", ["x86_64", "aarch64", "armv7l", "armv6l"])
def test_markers_hold_where_packaging_says_they_do(machine, python):
    # The lock's reader has its own small marker evaluator (a bare Pi has no packaging).
    from packaging.markers import Marker

    environment = {"platform_machine": machine, "sys_platform": "linux", "os_name": "posix",
                   "python_version": python, "python_full_version": f"{python}.0",
                   "implementation_name": "cpython"}
    markers = MARKERS + [e.marker for e in lockfile.read_lock() if e.marker]
    for marker in markers:
        assert lockfile.marker_holds(marker, environment) == \
            Marker(marker).evaluate(environment), marker


@pytest.mark.parametrize("marker", ["platform_machine ==", "(sys_platform == 'linux'",
                                    "gpu_count > '2'", "platform_machine ~= 'arm'"])
def test_a_marker_it_cannot_read_is_refused_not_guessed(marker):
    with pytest.raises(lockfile.LockError):
        lockfile.marker_holds(marker, {"platform_machine": "armv7l", "sys_platform": "linux"})


def test_this_environment_holds_exactly_the_locked_versions():
    # ./test built it from the lock: any difference means some path installed around it.
    freeze = subprocess.run([sys.executable, "-m", "pip", "freeze", "--all"],
                            capture_output=True, text=True, check=True).stdout
    machine = os.uname().machine
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    wanted = lockfile.for_machine(locked(["test"], ["build"]), machine, version)
    assert lockfile.freeze_diff(wanted, freeze) == []


def test_the_freeze_comparison_sees_a_version_and_a_package_the_lock_lacks():
    entries = [e for e in lockfile.read_lock() if e.name in {"segno", "pygame"}]
    freeze = "segno==1.0\npygame==" + next(e.version for e in entries if e.name == "pygame")
    freeze += "\nrequests==2.0\npip==24.0\n-e /somewhere\n"
    segno = next(e.version for e in entries if e.name == "segno")
    assert lockfile.freeze_diff(entries, freeze) == [
        "requests: installed 2.0, locked -", f"segno: installed 1.0, locked {segno}"]


def test_a_synced_install_removes_what_an_older_lock_or_a_hand_left():
    entries = [e for e in lockfile.read_lock() if e.name in {"segno", "pygame", "setuptools"}]
    freeze = ("segno==0.1\npygame==1.0\nSetuptools==1\npip==24.0\nRequests==2.0\n"
              "old_thing==3\n# Editable install\n-e /somewhere\ncoda-pi==0.1.0\n")
    # Versions are the install's business; the names the lock lacks are the sync's.
    assert lockfile.stale(entries, freeze) == ["old-thing", "requests"]


# --- installing: hash checking, with wheels made here -----------------------------------------


# Writes a minimal pure-Python wheel: used here for the dependencies, and as the demo
# project's own build backend (so that it builds offline, with nothing installed).
WHEEL_WRITER = """
import base64, hashlib, zipfile


def write_wheel(folder, name, version, modules):
    dist = name.replace("-", "_") + "-" + version
    files = dict(modules)
    files[dist + ".dist-info/METADATA"] = (
        "Metadata-Version: 2.1\\nName: " + name + "\\nVersion: " + version + "\\n").encode()
    files[dist + ".dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n")
    record = ""
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        record += path + ",sha256=" + digest.decode() + "," + str(len(data)) + "\\n"
    files[dist + ".dist-info/RECORD"] = (record + dist + ".dist-info/RECORD,,\\n").encode()
    wheel = dist + "-py3-none-any.whl"
    with zipfile.ZipFile(str(folder) + "/" + wheel, "w") as z:
        for path, data in files.items():
            z.writestr(path, data)
    return wheel


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return write_wheel(wheel_directory, "demo-app", "1.0", {})


build_wheel = build_editable
"""
_writer: dict = {}
exec(WHEEL_WRITER, _writer)


def make_wheel(folder: Path, name: str, version: str) -> Path:
    """A wheel holding one module that says its version."""
    module = {f"{name}.py": f"VERSION = {version!r}\n".encode()}
    return folder / _writer["write_wheel"](folder, name, version, module)


def write_lock(path: Path, name: str, version: str, digest: str) -> None:
    path.write_text(f"{name}=={version} \\\n    --hash=sha256:{digest}\n"
                    "    # via coda-pi (pyproject.toml)\n")


def demo_project(folder: Path, dependency: str) -> Path:
    (folder / "demo_backend.py").write_text(WHEEL_WRITER)
    pyproject = folder / "pyproject.toml"
    pyproject.write_text(
        '[build-system]\nrequires = []\nbuild-backend = "demo_backend"\nbackend-path = ["."]\n'
        f'[project]\nname = "demo-app"\nversion = "1.0"\ndependencies = ["{dependency}"]\n'
        '[dependency-groups]\nbuild = []\n')
    return pyproject


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pip_offline_env(wheels: Path) -> dict[str, str]:
    # Only the folder: no index, no configured extra index or find-links of this machine.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    return {**env, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels),
            "PIP_CONFIG_FILE": os.devnull}


def run_install(tmp_path: Path, lock: Path, pyproject: Path, target: Path):
    return subprocess.run(
        [sys.executable, str(TOOL), "--lock", str(lock), "--pyproject", str(pyproject),
         "install", "--python", sys.executable, "--", "--target", str(target)],
        capture_output=True, text=True, env=pip_offline_env(tmp_path / "wheels"))


def test_a_file_whose_hash_is_not_the_locked_one_stops_the_install_in_one_sentence(tmp_path):
    (tmp_path / "wheels").mkdir()
    wheel = make_wheel(tmp_path / "wheels", "tinydep", "1.0")
    pyproject = demo_project(tmp_path, "tinydep>=1")
    lock = tmp_path / "requirements.lock"
    # The lock as written: the right hash installs.
    write_lock(lock, "tinydep", "1.0", sha256(wheel))
    done = run_install(tmp_path, lock, pyproject, tmp_path / "good")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "good" / "tinydep.py").read_text() == "VERSION = '1.0'\n"
    # The same lock with one digit of the hash changed: what is served is not what was locked.
    digest = sha256(wheel)
    write_lock(lock, "tinydep", "1.0", ("0" if digest[0] != "0" else "1") + digest[1:])
    done = run_install(tmp_path, lock, pyproject, tmp_path / "bad")
    assert done.returncode == 1
    said = done.stderr.strip()
    assert len(said.splitlines()) == 1, said
    assert said.startswith("Install stopped: tinydep==1.0 (tinydep-1.0-py3-none-any.whl) does "
                           "not match the sha256 hash that requirements.lock holds for it")
    assert not (tmp_path / "bad" / "tinydep.py").exists()


def test_pips_hash_report_becomes_one_sentence_naming_each_file():
    report = (
        "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have "
        "updated the package versions, please update the hashes. Otherwise, examine the package "
        "contents carefully; someone may have tampered with them.\n"
        "    segno==1.6.6 from https://files.example/packages/ab/segno-1.6.6-py3-none-any.whl"
        "#sha256=aa:\n        Expected sha256 00\n             Got        aa\n")
    said = lockfile.explain_pip_failure(report, Path("requirements.lock"))
    assert said == ("Install stopped: segno==1.6.6 (segno-1.6.6-py3-none-any.whl) does not match "
                    "the sha256 hash that requirements.lock holds for it, so nothing was installed "
                    "(the file the registry served is not the one that was locked; if the lock "
                    "was edited by hand, run tools/refresh-lock).")


# --- tools/ensure-venv: a new lock, a new venv ------------------------------------------------


PIP_SEEDING_PYTHON = """#!{python}
# The python ensure-venv is given: "-m venv DIR" makes the venv without pip and copies in
# the pip this test runs beside; anything else is the real python's.
import os, shutil, subprocess, sys
import pip
real, args = {python!r}, sys.argv[1:]
if args[:2] != ["-m", "venv"]:
    os.execv(real, [real, *args])
subprocess.run([real, "-m", "venv", "--without-pip", *args[2:]], check=True)
venv = args[-1]
site = subprocess.run([os.path.join(venv, "bin", "python"), "-c",
                       "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                      check=True, capture_output=True, text=True).stdout.strip()
source = os.path.dirname(os.path.dirname(pip.__file__))
for name in os.listdir(source):
    if name == "pip" or (name.startswith("pip-") and name.endswith(".dist-info")):
        shutil.copytree(os.path.join(source, name), os.path.join(site, name),
                        ignore=shutil.ignore_patterns("__pycache__"))
"""


def pip_seeding_python(folder: Path) -> Path:
    """A stand-in for ``python3`` whose ``-m venv`` copies this environment's pip into the
    new venv instead of installing the one Python bundles (``ensurepip``): the same pip
    installs the lock as before, and each venv costs a tenth of a second instead of the four
    seconds of CPU ensurepip spent unpacking and compiling pip and setuptools (the test
    builds two, and was the suite's costliest but one in CPU). What ensure-venv decides
    (when to build again, what to install, the hashes checked) is all still its own."""
    path = folder / "python3"
    path.write_text(PIP_SEEDING_PYTHON.format(python=sys.executable))
    path.chmod(0o755)
    return path


def test_a_venv_built_from_an_older_lock_is_built_again(tmp_path):
    checkout = tmp_path / "checkout"
    (checkout / "tools").mkdir(parents=True)
    for tool in ("ensure-venv", "lockfile.py"):
        shutil.copy2(ROOT / "tools" / tool, checkout / "tools" / tool)
    (tmp_path / "wheels").mkdir()
    old = make_wheel(tmp_path / "wheels", "tinydep", "1.0")
    new = make_wheel(tmp_path / "wheels", "tinydep", "2.0")
    demo_project(checkout, "tinydep>=1")
    lock = checkout / "requirements.lock"
    env = {**pip_offline_env(tmp_path / "wheels"),
           "PYTHON": str(pip_seeding_python(tmp_path))}
    venv_python = checkout / ".venv" / "bin" / "python"

    def ensure():
        done = subprocess.run([str(checkout / "tools" / "ensure-venv")], capture_output=True,
                              text=True, env=env)
        assert done.returncode == 0, done.stderr
        return done.stderr

    def installed_version() -> str:
        return subprocess.run([str(venv_python), "-c", "import tinydep; print(tinydep.VERSION)"],
                              capture_output=True, text=True, check=True).stdout.strip()

    write_lock(lock, "tinydep", "1.0", sha256(old))
    ensure()
    assert installed_version() == "1.0"
    left_behind = checkout / ".venv" / "lib" / "something-installed-by-hand"
    left_behind.touch()
    assert ensure() == "", "the same lock again must not reinstall"
    write_lock(lock, "tinydep", "2.0", sha256(new))
    assert ".venv was not built from this requirements.lock" in ensure()
    assert installed_version() == "2.0"
    assert not left_behind.exists(), "the venv was updated in place, not built again"


@pytest.mark.skipif(shutil.which("shellcheck") is None,
                    reason="shellcheck is not installed (apt-get install shellcheck)")
def test_the_set_up_scripts_pass_shellcheck():
    scripts = [ROOT / "tools" / "ensure-venv", ROOT / "tools" / "refresh-lock", ROOT / "test",
               ROOT / "coda-pi", ROOT / ".ci" / "run"]
    done = subprocess.run(["shellcheck", "--shell=bash", *map(str, scripts)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
