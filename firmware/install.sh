#!/usr/bin/env bash
# Turns Raspberry Pi OS Lite (Bookworm, 32- or 64-bit; Pi Zero 2 W, 3, 4, 5) into the coda-pi
# appliance: system packages, a virtual environment in /opt/coda-pi with coda-pi and the GPIO
# backend, the systemd service, the boot settings for the screen, screen blanking off.
# Safe to run again (after an update, or to change the screen); --uninstall undoes it.
# Step by step: firmware/README.md.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: sudo firmware/install.sh [options]

  --screen hdmi|spi35|spi28  the screen (default: hdmi)
                             hdmi   HDMI panel, 800x480 or bigger
                             spi35  3.5" 480x320 ILI9486 SPI panel (Waveshare (A) / PiScreen)
                             spi28  2.8" 320x240 ILI9341 SPI module
  --hdmi-mode WxH            force an HDMI mode for a panel with a wrong EDID (e.g. 800x480)
  --user NAME                run the device as this existing user (default: a system user
                             "coda-pi" is made)
  --gpio lgpio|rpigpio       GPIO backend (default: lgpio, the one that works on every
                             model under Bookworm; rpigpio = RPi.GPIO, Pi 4 and older only)
  --pods                     seat pods (hardware/pods.md): I2C on at 400 kHz, the pods'
                             packages in the venv, the service user in group i2c
  --boot-only                only write the boot settings (to change the screen)
  --no-boot-config           leave config.txt and cmdline.txt alone
  --dry-run                  print every action, change nothing (needs no root), and
                             what it installs from requirements.lock for this machine
  --machine aarch64|armv7l   with --dry-run: show what it would install on that kind of
                             Pi (default: this machine, uname -m)
  --uninstall                remove the service, the venv and the boot settings; keeps the
                             records (/var/lib/coda-pi) and /etc/coda-pi/config.toml
  --purge                    with --uninstall: remove those and the system user too
  -h, --help                 this text
EOF
}

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$(cd "$here/.." && pwd)"

# Everything below can be pointed elsewhere for tests (the dry run, the boot-config edits).
prefix="${CODA_PI_PREFIX:-/opt/coda-pi}"
etc_dir="${CODA_PI_ETC:-/etc/coda-pi}"
unit_dir="${CODA_PI_UNIT_DIR:-/etc/systemd/system}"
polkit_dir="${CODA_PI_POLKIT_DIR:-/etc/polkit-1/rules.d}"
firmware_dir="${CODA_PI_FIRMWARE_DIR:-/lib/firmware}"
model_file="${CODA_PI_MODEL_FILE:-/proc/device-tree/model}"
if [ -n "${CODA_PI_BOOT_DIR:-}" ]; then
    boot_dir="$CODA_PI_BOOT_DIR"
elif [ -f /boot/firmware/config.txt ]; then
    boot_dir=/boot/firmware
else
    boot_dir=/boot
fi

screen=hdmi
hdmi_mode=""
run_user=""
gpio=lgpio
machine="$(uname -m)"
machine_given=0
pods=0
dry_run=0
uninstall=0
purge=0
boot_only=0
boot_config=1

while [ $# -gt 0 ]; do
    case "$1" in
        --screen) screen="${2:?--screen needs hdmi, spi35 or spi28}"; shift ;;
        --hdmi-mode) hdmi_mode="${2:?--hdmi-mode needs WxH}"; shift ;;
        --user) run_user="${2:?--user needs a name}"; shift ;;
        --gpio) gpio="${2:?--gpio needs lgpio or rpigpio}"; shift ;;
        --pods) pods=1 ;;
        --boot-only) boot_only=1 ;;
        --no-boot-config) boot_config=0 ;;
        --dry-run) dry_run=1 ;;
        --machine) machine="${2:?--machine needs aarch64 or armv7l}"; machine_given=1; shift ;;
        --uninstall) uninstall=1 ;;
        --purge) purge=1 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
    shift
done

case "$screen" in hdmi|spi35|spi28) ;; *)
    echo "install.sh: --screen must be hdmi, spi35 or spi28, not '$screen'" >&2; exit 2 ;;
esac
case "$gpio" in lgpio|rpigpio) ;; *)
    echo "install.sh: --gpio must be lgpio or rpigpio, not '$gpio'" >&2; exit 2 ;;
esac
if [ "$machine_given" -eq 1 ] && [ "$dry_run" -eq 0 ] && [ "$machine" != "$(uname -m)" ]; then
    echo "install.sh: --machine $machine is for a --dry-run; this machine is $(uname -m)" >&2
    exit 2
fi
if [ -n "$hdmi_mode" ] && ! [[ "$hdmi_mode" =~ ^[0-9]+x[0-9]+$ ]]; then
    echo "install.sh: --hdmi-mode must look like 800x480, not '$hdmi_mode'" >&2; exit 2
fi

venv="$prefix/venv"
service_user="${run_user:-coda-pi}"
# What a run changed on the boot partition, kept there, so --uninstall undoes exactly that.
state_file="$boot_dir/coda-pi.state"
block_begin="# >>> coda-pi (written by coda-pi firmware/install.sh; edit there) >>>"
block_end="# <<< coda-pi <<<"
cmdline_tokens=(consoleblank=0 vt.global_cursor_default=0)
if [ -n "$hdmi_mode" ]; then
    cmdline_tokens+=("video=HDMI-A-1:${hdmi_mode}@60D")
fi

say() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }

# Every change goes through run (commands) or put_file (file contents), so --dry-run can
# show each one instead of doing it.
run() {
    printf '    + %s\n' "$*"
    if [ "$dry_run" -eq 0 ]; then
        "$@"
    fi
}

# put_file PATH MODE: the new contents come on stdin; unchanged files are left alone.
put_file() {
    local path="$1" mode="$2" tmp
    tmp="$(mktemp)"
    cat >"$tmp"
    if [ -f "$path" ] && cmp -s "$tmp" "$path"; then
        note "unchanged: $path"
        rm -f "$tmp"
        return 0
    fi
    if [ "$dry_run" -eq 1 ]; then
        if [ -f "$path" ]; then
            note "would change $path:"
            diff -u "$path" "$tmp" | tail -n +3 | sed 's/^/      | /' || true
        else
            note "would write $path (mode $mode, $(wc -l <"$tmp") lines)"
        fi
        rm -f "$tmp"
        return 0
    fi
    if [ -f "$path" ]; then
        # In place, keeping owner and mode: the boot partition is FAT and refuses chmod.
        cat "$tmp" >"$path"
    else
        install -D -m "$mode" "$tmp" "$path"
    fi
    rm -f "$tmp"
    note "wrote $path"
}

remove_path() {
    if [ -e "$1" ] || [ -L "$1" ]; then
        run rm -rf -- "$1"
    fi
}

board_model() {
    if [ -r "$model_file" ]; then
        tr -d '\0' <"$model_file"
    else
        echo "unknown (not a Raspberry Pi?)"
    fi
}

# config.txt, cmdline.txt and the panel firmware mean something only to a Pi's boot
# firmware: anywhere else (a PC, a virtual machine) they are skipped, and the run says so.
is_pi() {
    [ -r "$model_file" ] && tr -d '\0' <"$model_file" | grep -q '^Raspberry Pi'
}

boot_config_or_skip() {
    if is_pi; then
        write_boot_config
    else
        say "Boot settings: skipped, this is not a Raspberry Pi ($(board_model))"
        note "config.txt, cmdline.txt and the panel firmware are read only by a Pi's boot"
        note "firmware; on this machine nothing of them is written (the screen is whatever"
        note "the kernel's DRM driver offers, screen blanking is the kernel's default)."
    fi
}

# --- boot configuration ----------------------------------------------------------------------

# config.txt without our block (so writing it again is a no-op, and uninstall removes it).
config_without_block() {
    local file="$1"
    if [ -f "$file" ]; then
        awk -v b="$block_begin" -v e="$block_end" '
            $0 == b { skip = 1; next }
            $0 == e { skip = 0; next }
            !skip { print }' "$file"
    fi
}

boot_block() {
    echo "$block_begin"
    echo "[all]"
    grep -v '^#' "$here/boot/$screen.txt" || true  # hdmi needs no lines
    if [ "$pods" -eq 1 ]; then
        grep -v '^#' "$here/boot/pods.txt"
    fi
    echo "$block_end"
}

# cmdline.txt is one line: add our tokens once; remove the ones a previous run added.
cmdline_with() {
    local line="$1" token
    shift
    for token in "$@"; do
        case " $line " in
            *" $token "*) ;;
            *) line="$line $token" ;;
        esac
    done
    printf '%s\n' "$line"
}

cmdline_without() {
    local line="$1" token out="" word
    shift
    for word in $line; do
        for token in "$@"; do
            if [ "$word" = "$token" ]; then
                continue 2
            fi
        done
        out="${out:+$out }$word"
    done
    printf '%s\n' "$out"
}

previous_tokens() {
    if [ -f "$state_file" ]; then
        sed -n 's/^cmdline_token=//p' "$state_file"
    fi
}

write_boot_config() {
    local config="$boot_dir/config.txt" cmdline="$boot_dir/cmdline.txt" line token
    local -a old added
    say "Boot settings for the $screen screen in $boot_dir (takes effect after a reboot)"
    if [ ! -f "$config" ]; then
        note "no $config: is this Raspberry Pi OS? Skipping the boot settings."
        return 0
    fi
    if [ ! -f "$config.coda-pi.orig" ]; then
        run cp "$config" "$config.coda-pi.orig"
    fi
    { config_without_block "$config"; boot_block; } | put_file "$config" 0755
    if ! config_without_block "$config" | grep -q '^dtoverlay=vc4-kms-v3d'; then
        note "warning: $config has no dtoverlay=vc4-kms-v3d line: SDL needs the KMS driver;"
        note "add it under [all] (Raspberry Pi OS Bookworm has it by default)"
    fi
    added=()
    if [ -f "$cmdline" ]; then
        mapfile -t old < <(previous_tokens)
        line="$(head -n 1 "$cmdline")"
        if [ "${#old[@]}" -gt 0 ]; then
            line="$(cmdline_without "$line" "${old[@]}")"
        fi
        # Only what was not there already is ours to take away again on --uninstall.
        for token in "${cmdline_tokens[@]}"; do
            case " $line " in *" $token "*) ;; *) added+=("$token") ;; esac
        done
        # Screen blanking off: the console would blank the display under the app.
        cmdline_with "$line" "${cmdline_tokens[@]}" | put_file "$cmdline" 0755
    fi
    if [ "$screen" = spi28 ]; then
        say "Panel firmware for the ILI9341 (panel-mipi-dbi driver)"
        local bin
        bin="$(mktemp)"
        python3 "$here/mipi-dbi-fw" "$here/panels/coda-pi-ili9341.txt" "$bin"
        put_file "$firmware_dir/coda-pi-ili9341.bin" 0644 <"$bin"
        rm -f "$bin"
    fi
    {
        echo "# what install.sh changed, so --uninstall can undo exactly that"
        echo "screen=$screen"
        for token in "${added[@]}"; do echo "cmdline_token=$token"; done
    } | put_file "$state_file" 0644
}

remove_boot_config() {
    local config="$boot_dir/config.txt" cmdline="$boot_dir/cmdline.txt"
    local -a old
    say "Removing coda-pi's boot settings from $boot_dir"
    if [ -f "$config" ]; then
        config_without_block "$config" | put_file "$config" 0755
    fi
    mapfile -t old < <(previous_tokens)
    if [ -f "$cmdline" ] && [ "${#old[@]}" -gt 0 ]; then
        cmdline_without "$(head -n 1 "$cmdline")" "${old[@]}" | put_file "$cmdline" 0755
    fi
    remove_path "$firmware_dir/coda-pi-ili9341.bin"
    remove_path "$state_file"
}

# --- install ---------------------------------------------------------------------------------

apt_packages() {
    # Python and a compiler for the wheels that have to be built here.
    echo python3 python3-venv python3-dev python3-pip build-essential pkg-config swig
    # SDL 2 from Debian, built with its kmsdrm driver, and what kmsdrm loads at run time to
    # draw without a desktop: DRM, GBM, EGL and GLES (Mesa's vc4/v3d and kms_swrast
    # drivers), udev for input, ALSA for sound.
    echo libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0
    echo libdrm2 libgbm1 libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri libudev1 libasound2
    # Headers to build pygame against that SDL (the pip wheel's own SDL has no kmsdrm).
    echo libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libsdl2-mixer-dev libfreetype-dev
    echo libportmidi-dev libjpeg-dev libpng-dev
    # Pillow (the pods extra) has no wheel for a 32-bit Pi: it compiles against libjpeg,
    # zlib and FreeType (the pods' TrueType text) there.
    echo zlib1g-dev
}

install_packages() {
    say "System packages"
    run apt-get update
    # shellcheck disable=SC2046  # word splitting of the package list is intended
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        $(apt_packages)
    # Raspberry Pi OS ships lgpio's C library; pip builds against it if it has no wheel.
    if [ "$gpio" = lgpio ] && [ "$dry_run" -eq 1 ]; then
        note "(and liblgpio-dev, if this system's archive has it: Raspberry Pi OS does)"
    elif [ "$gpio" = lgpio ] && apt-cache show liblgpio-dev >/dev/null 2>&1; then
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            liblgpio-dev
    fi
}

make_user() {
    say "User $service_user (groups video render input gpio audio tty i2c)"
    if [ -n "$run_user" ]; then
        if ! id "$run_user" >/dev/null 2>&1; then
            echo "install.sh: user '$run_user' does not exist" >&2
            exit 1
        fi
    elif id coda-pi >/dev/null 2>&1; then
        note "system user coda-pi exists"
    else
        run useradd --system --home-dir /var/lib/coda-pi --no-create-home \
            --shell /usr/sbin/nologin --user-group coda-pi
    fi
    local group
    for group in video render input gpio audio tty i2c; do
        if getent group "$group" >/dev/null 2>&1; then
            run usermod -aG "$group" "$service_user"
        else
            note "no group '$group' on this system (fine off a Pi)"
        fi
    done
}

pygame_is_wheel() {
    # A pip wheel keeps its own SDL (without kmsdrm) in pygame.libs next to the package.
    "$venv/bin/python" - <<'EOF'
import pathlib, sys
try:
    import pygame
except ImportError:
    sys.exit(0)
sys.exit(0 if (pathlib.Path(pygame.__file__).parent.parent / "pygame.libs").is_dir() else 1)
EOF
}

# Everything pip installs comes from the lock, each file checked against its sha256
# (tools/lockfile.py runs pip with --require-hashes --no-deps --no-build-isolation): the
# same versions on every Pi as in the tests. The venv's own pip does it, as Python ships it.
lock_tool() {
    python3 "$src/tools/lockfile.py" --lock "$src/requirements.lock" "$@"
}

make_venv() {
    say "Virtual environment $venv with coda-pi"
    if [ ! -x "$venv/bin/python" ]; then
        run python3 -m venv "$venv"
    else
        note "exists"
    fi
    local extra=pi remove=(RPi.GPIO rpi-lgpio)
    if [ "$gpio" = rpigpio ]; then
        extra=pi-legacy
        remove=(lgpio rpi-lgpio)
    fi
    if [ "$pods" -eq 1 ]; then
        extra="$extra,pods"  # luma.oled, smbus2, Pillow
        if [ "$machine" = armv7l ]; then
            note "Pillow has no wheel for armv7l: it is compiled from its locked source,"
            note "a third as long as pygame's build (firmware/README.md, seat pods)"
        fi
    fi
    local python_version
    python_version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    note "from requirements.lock, for $machine (Python $python_version):"
    lock_tool resolve --machine "$machine" --python-version "$python_version" \
        --extras "$extra" --groups build | sed 's/^/      /'
    # setuptools first: it builds pygame, RPi.GPIO (no wheel for a Pi on PyPI) and coda-pi.
    run python3 "$src/tools/lockfile.py" --lock "$src/requirements.lock" install \
        --python "$venv/bin/python" --groups build --groups-only
    # pygame is built from the locked source (its hash checked like a wheel's) against
    # Debian's SDL so that SDL_VIDEODRIVER=kmsdrm works; this takes 5-30 minutes
    # (Pi 5 .. Zero 2 W), once: a pygame built here stays until the lock moves it.
    if [ "$dry_run" -eq 1 ] || pygame_is_wheel; then
        run "$venv/bin/python" -m pip uninstall -y pygame
    else
        note "pygame is already built against the system SDL"
    fi
    # Never two backends that claim the same pins or module: remove the other ones first.
    run "$venv/bin/python" -m pip uninstall -y "${remove[@]}"
    # --sync: what an older lock (or a hand) left in the venv goes, pygame built here stays.
    run python3 "$src/tools/lockfile.py" --lock "$src/requirements.lock" install --sync \
        --python "$venv/bin/python" --groups build --extras "$extra" -- --no-binary pygame
    run "$venv/bin/python" -m pip install --disable-pip-version-check --no-deps \
        --no-build-isolation --force-reinstall "$src"
    # As pip compiles the bytecode: the dataclasses' methods compiled once, here, where the
    # install is writable (the service's user cannot write it): a third of the start's CPU.
    run "$venv/bin/python" -c "from coda_pi.dataclass_code import keep_all; keep_all()"
}

# A chroot (an image being prepared) has no running systemd to reload: enabling the unit
# still works there, and the next boot reads it anyway.
reload_systemd() {
    if [ "$dry_run" -eq 0 ] && [ ! -d /run/systemd/system ]; then
        note "systemd is not running here (a chroot?): no daemon-reload; the next boot reads the unit"
        return 0
    fi
    run systemctl daemon-reload
}

# The unit's SupplementaryGroups, less the ones this system lacks: systemd refuses to start
# a unit that names a missing group (216/GROUP), and off a Pi there is no "gpio" group.
unit_groups() {
    local group have=() wanted
    read -r -a wanted < <(sed -n 's/^SupplementaryGroups=//p' "$here/coda-pi.service")
    for group in "${wanted[@]}"; do
        if getent group "$group" >/dev/null 2>&1; then
            have+=("$group")
        fi
    done
    echo "${have[*]}"
}

write_service() {
    say "systemd service coda-pi.service (user $service_user)"
    local groups
    groups="$(unit_groups)"
    sed -e "s/^User=.*/User=$service_user/" \
        -e "s/^SupplementaryGroups=.*/SupplementaryGroups=$groups/" \
        -e "s/^Group=.*/Group=$(id -gn "$service_user" 2>/dev/null || echo "$service_user")/" \
        -e "s#^ExecStart=/opt/coda-pi/venv/#ExecStart=$venv/#" \
        -e "s#^ExecStopPost=+/opt/coda-pi/#ExecStopPost=+$prefix/#" \
        "$here/coda-pi.service" | put_file "$unit_dir/coda-pi.service" 0644
    # How a crash loop ends: on a screen that says so, trying again later (never enabled:
    # coda-pi.service starts it).
    put_file "$prefix/bin/coda-pi-crashes" 0755 <"$here/coda-pi-crashes"
    sed -e "s#^ExecStart=/opt/coda-pi/#ExecStart=$prefix/#" \
        "$here/coda-pi-crashed.service" | put_file "$unit_dir/coda-pi-crashed.service" 0644
    # The service's user may bring up the device's own access point ([phones] hotspot).
    sed -e "s/subject.user == \"coda-pi\"/subject.user == \"$service_user\"/" \
        "$here/50-coda-pi-hotspot.rules" | put_file "$polkit_dir/50-coda-pi-hotspot.rules" 0644
    if [ ! -f "$etc_dir/config.toml" ]; then
        put_file "$etc_dir/config.toml" 0644 <"$here/config.example.toml"
    else
        note "keeping your $etc_dir/config.toml"
    fi
    reload_systemd
    run systemctl enable coda-pi.service
    restart_if_running
}

# install.sh run again is an update: a device running the old code would go on with it
# until the next boot, so a running service is restarted (try-restart leaves a stopped one
# stopped, and the unit's signal handling makes the stop take well under a second).
restart_if_running() {
    if [ "$dry_run" -eq 0 ] && [ ! -d /run/systemd/system ]; then
        return 0  # a chroot: nothing runs there
    fi
    run systemctl try-restart coda-pi.service
}

do_install() {
    say "Installing coda-pi for $(board_model) ($(uname -m)), screen $screen, GPIO $gpio"
    if ! grep -qs 'VERSION_CODENAME=bookworm' /etc/os-release; then
        note "warning: this is not Debian/Raspberry Pi OS Bookworm; carrying on"
    fi
    install_packages
    make_user
    make_venv
    write_service
    if [ "$boot_config" -eq 1 ]; then
        boot_config_or_skip
    fi
    say "Checking with coda-pi doctor"
    if [ "$dry_run" -eq 0 ]; then
        "$venv/bin/coda-pi" doctor --config "$etc_dir/config.toml" || true
    else
        printf '    + %s\n' "$venv/bin/coda-pi doctor --config $etc_dir/config.toml"
    fi
    say "Done. Reboot to start the device: sudo reboot"
}

do_uninstall() {
    say "Uninstalling coda-pi"
    run systemctl disable --now coda-pi.service
    run systemctl stop coda-pi-crashed.service || true
    remove_path "$unit_dir/coda-pi.service"
    remove_path "$unit_dir/coda-pi-crashed.service"
    remove_path "$polkit_dir/50-coda-pi-hotspot.rules"
    run systemctl daemon-reload
    remove_path "$prefix"
    if [ "$boot_config" -eq 1 ]; then
        remove_boot_config
    fi
    if [ "$purge" -eq 1 ]; then
        remove_path "$etc_dir"
        remove_path /var/lib/coda-pi
        if [ -z "$run_user" ] && id coda-pi >/dev/null 2>&1; then
            run userdel coda-pi
        fi
    else
        note "kept: /var/lib/coda-pi (game records) and $etc_dir (your config); --purge removes them"
    fi
    say "Done. Reboot to drop the screen overlay: sudo reboot"
}

if [ "$dry_run" -eq 1 ]; then
    echo "DRY RUN: nothing is changed; every action is printed."
elif [ "$(id -u)" -ne 0 ] && ! { [ "$boot_only" -eq 1 ] && [ -n "${CODA_PI_BOOT_DIR:-}" ]; }; then
    # (A redirected --boot-only run touches only the files it was pointed at: no root.)
    echo "install.sh: run it as root: sudo $0 $*" >&2
    exit 1
fi

if [ "$uninstall" -eq 1 ] && [ "$boot_only" -eq 1 ]; then
    remove_boot_config
elif [ "$uninstall" -eq 1 ]; then
    do_uninstall
elif [ "$boot_only" -eq 1 ]; then
    boot_config_or_skip
else
    do_install
fi
