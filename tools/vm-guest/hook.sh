#!/bin/bash
# Runs in the guest at every boot (vm-check-hook.service, as root): the part of
# tools/vm-check that has to happen inside. The phase comes from the kernel command line
# (vm_check=install|run); everything it has to say goes to the first serial port as lines
# starting "VMCHECK", which the host reads.
set -u
here=/run/vm-check
phase="$(sed -n 's/.*vm_check=\([a-z]*\).*/\1/p' /proc/cmdline)"
# Without clocal, opening a serial port waits for a carrier that never comes (stty opens
# without waiting); -onlcr keeps the lines as they are.
stty -F /dev/ttyS0 clocal -onlcr
stty -F /dev/ttyS1 clocal -onlcr
exec >/dev/ttyS0 2>&1
report() { echo "VMCHECK $*"; }
report "boot phase=$phase uptime=$(cut -d' ' -f1 /proc/uptime)"

wait_for_network() {
    local i
    for i in $(seq 90); do
        if ip route | grep -q '^default' && getent hosts deb.debian.org >/dev/null; then
            report "network up after ${i}s: $(ip -4 -o addr show scope global | awk '{print $2, $4}')"
            return 0
        fi
        sleep 1
    done
    report "network DOWN"
    return 1
}

gpio_probe() {
    # gpio-sim would give a simulated chip whose lines gpiozero's real backends could open.
    if modprobe gpio-sim 2>/tmp/gpio-sim.err; then
        report "gpio: gpio-sim loaded"
    else
        report "gpio: gpio-sim: $(tr '\n' ' ' </tmp/gpio-sim.err)"
    fi
    report "gpio: kernel $(uname -r) config: $(grep -E '^(# )?CONFIG_GPIO_(SIM|MOCKUP|CDEV)[ =]' "/boot/config-$(uname -r)" | tr '\n' ';')"
    report "gpio: chips: $(find /dev -maxdepth 1 -name 'gpiochip*' | tr '\n' ' ')"
    # What gpiozero's backends say on this machine, in the installed venv and, for lgpio
    # (install.sh installs it only on ARM), in a scratch venv.
    local py=/opt/coda-pi/venv/bin/python
    "$py" "$here/vm-guest/gpio_probe.py" 2>&1 | sed 's/^/VMCHECK gpio: /'
    # lgpio for this x86_64 guest from the project's lock (its marker gives it to ARM only;
    # the x86_64 wheel's hash is in the lock): tools/vm-guest/lock_lgpio.py.
    report "gpio: lgpio: $(python3 "$here/vm-guest/lock_lgpio.py" "$here/coda-pi" /tmp/lgpio-venv 2>&1 | tail -n 1)"
    if [ -x /tmp/lgpio-venv/bin/python ]; then
        /tmp/lgpio-venv/bin/python "$here/vm-guest/gpio_probe.py" lgpio native 2>&1 \
            | sed 's/^/VMCHECK gpio: venv with the lock'"'"'s lgpio: /'
    fi
    # Real lines: a simulated chip read and driven through gpiozero's lgpio backend, with
    # the installed venv where it has lgpio (install.sh puts it there on ARM), else the
    # one just made from the lock. Its one line ("lines: PASS|FAIL|not checked ...") is vm-check's check.
    local with=$py
    if ! "$py" -c 'import lgpio' 2>/dev/null && [ -x /tmp/lgpio-venv/bin/python ]; then
        with=/tmp/lgpio-venv/bin/python
    fi
    report "gpio: lines with $with"
    "$with" "$here/vm-guest/gpio_lines.py" 2>&1 | tail -n 1 | sed 's/^/VMCHECK gpio: /'
}

wait_active() {
    local _
    state=unknown
    for _ in $(seq 180); do
        state="$(systemctl is-active coda-pi.service)"
        [ "$state" = active ] && return 0
        sleep 1
    done
}

# Until coda-pi has started and sleeps: its CPU time grows by less than 0.1 s in 3 s (up
# to 10 minutes), then 5 s more.
wait_idle() {
    local pid before after _
    pid="$(systemctl show -p MainPID --value coda-pi.service)"
    ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0; }
    for _ in $(seq 200); do
        before=$(ticks)
        sleep 3
        after=$(ticks)
        [ $(( after - before )) -lt 10 ] && break
    done
    report "coda-pi idle at uptime=$(cut -d' ' -f1 /proc/uptime)"
    sleep 5
}

since() {
    awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'
}

# wakeups SECONDS: how often coda-pi's threads went to sleep again (voluntary context
# switches, every thread of the service's main process), a second, over SECONDS.
wakeups() {
    local pid before after
    pid="$(systemctl show -p MainPID --value coda-pi.service)"
    count() { cat /proc/"$pid"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ { n += $2 } END { print n + 0 }'; }
    before=$(count)
    sleep "$1"
    after=$(count)
    awk -v a="$before" -v b="$after" -v s="$1" \
        'BEGIN { printf "%.1f a second (%d in %d s)", (b - a) / s, b - a, s }'
}

# install.sh run again, as an owner's update, while the service runs: from a changed
# checkout (the copy on the helper disk, with one line no install before had), it must
# restart the service onto the new code (systemctl try-restart). Reports the unit's main
# PID and start (monotonic microseconds) before and after, and whether the installed
# package holds the changed line.
update_while_running() {
    local marker before_pid before_start begun rc after_pid after_start new_code started
    wait_for_network || true
    rm -rf /home/pi/coda-pi
    cp -a "$here/coda-pi" /home/pi/coda-pi
    marker="vm-check update $(date +%s.%N)"
    printf '# %s\n' "$marker" >>/home/pi/coda-pi/coda_pi/__init__.py
    chown -R pi:pi /home/pi/coda-pi
    before_pid="$(systemctl show -p MainPID --value coda-pi.service)"
    before_start="$(systemctl show -p ExecMainStartTimestampMonotonic --value coda-pi.service)"
    begun="$(awk '{ printf "%d", $1 * 1000000 }' /proc/uptime)"
    started=$(date +%s)
    timeout 1500 /home/pi/coda-pi/firmware/install.sh
    rc=$?
    report "update: install.sh rc=$rc seconds=$(( $(date +%s) - started ))"
    wait_active
    after_pid="$(systemctl show -p MainPID --value coda-pi.service)"
    after_start="$(systemctl show -p ExecMainStartTimestampMonotonic --value coda-pi.service)"
    new_code="$(/opt/coda-pi/venv/bin/python -c 'import coda_pi; print(coda_pi.__file__)' \
        | xargs grep -c "$marker")"
    report "update: pid=$before_pid->$after_pid start=$before_start->$after_start begun=$begun active=$state new_code=${new_code:-0}"
}

case "$phase" in
install)
    wait_for_network || true
    # As a Pi owner would: the checkout in the user's home, install.sh run as root.
    rm -rf /home/pi/coda-pi
    cp -a "$here/coda-pi" /home/pi/coda-pi
    chown -R pi:pi /home/pi/coda-pi
    start=$(date +%s)
    /home/pi/coda-pi/firmware/install.sh
    rc=$?
    report "install rc=$rc seconds=$(( $(date +%s) - start ))"
    report "pygame: $(/opt/coda-pi/venv/bin/python -c 'import pygame; print(pygame.version.ver, "SDL", ".".join(map(str, pygame.get_sdl_version())))' 2>&1 | tail -n 1)"
    report "install phase done"
    sync
    systemctl poweroff
    ;;
run)
    python3 "$here/vm-guest/watch-records.py" /var/lib/coda-pi /dev/ttyS1 &
    journalctl -b -f -o cat -u coda-pi.service | sed -u 's/^/coda-pi| /' &
    state=unknown
    for _ in $(seq 120); do
        state="$(systemctl is-active coda-pi.service)"
        [ "$state" = active ] && break
        sleep 1
    done
    report "service=$state uptime=$(cut -d' ' -f1 /proc/uptime)"
    report "dri: $(find /dev/dri -maxdepth 1 -name 'card*' | tr '\n' ' ')$(for c in /sys/class/drm/card*-*; do printf '%s=%s ' "${c##*/}" "$(cat "$c/status")"; done)"
    wait
    ;;
service)
    # The service as systemd drives it: how often the idle device wakes, and how long
    # stop, restart and poweroff take (the host times the poweroff from "poweroff now").
    journalctl -b -f -o cat -u coda-pi.service | sed -u 's/^/coda-pi| /' &
    wait_active
    report "service=$state uptime=$(cut -d' ' -f1 /proc/uptime)"
    wait_idle  # under TCG the device's start takes a minute of CPU
    report "measure idle wake-ups (game)=$(wakeups 30)"
    started=$(date +%s.%N)
    systemctl stop coda-pi.service
    report "measure systemctl stop=$(since "$started") s"
    report "unit after stop: $(systemctl show -p Result -p ExecMainCode -p ExecMainStatus coda-pi.service | tr '\n' ' ')"
    # The records aside: the device starts on its setup screen, the screen with no deadline.
    mkdir -p /var/lib/coda-pi/vm-check-aside
    find /var/lib/coda-pi -maxdepth 1 -name '*.jsonl*' -exec mv {} /var/lib/coda-pi/vm-check-aside/ \;
    systemctl start coda-pi.service
    wait_active
    wait_idle
    report "measure idle wake-ups (setup)=$(wakeups 30)"
    started=$(date +%s.%N)
    systemctl restart coda-pi.service
    report "measure systemctl restart=$(since "$started") s"
    wait_active
    sleep 10
    report "journal: $(journalctl -b -u coda-pi.service -o cat | grep -ciE 'SIGKILL|timed out|failed') lines of the unit's journal say SIGKILL, timed out or failed"
    update_while_running
    report "poweroff now"
    sync
    systemctl poweroff
    ;;
hotspot)
    # shellcheck source=tools/vm-guest/table.sh disable=SC1091
    source "$here/vm-guest/table.sh"
    hotspot_setup
    report "hotspot phase done"
    sync
    systemctl poweroff
    ;;
table)
    # shellcheck source=tools/vm-guest/table.sh disable=SC1091
    source "$here/vm-guest/table.sh"
    journalctl -b -f -o cat -u coda-pi.service | sed -u 's/^/coda-pi| /' &
    hotspot_timing
    wait_idle  # under TCG the device's start takes a minute of CPU
    report "hotspot: boot screen"  # the host reads the QR code the device drew at boot
    sleep 15
    report "hotspot: the device's journal: $(journalctl -b -u coda-pi.service -o cat | grep -ciE 'could not bring|not authorized') lines say it could not bring the access point up"
    polkit_check
    if phone_join; then
        phone_play
    else
        report "phone: turn FAIL: the phone got no address on the access point"
    fi
    crash_loop
    report "table phase done"
    sync
    systemctl poweroff
    ;;
gpio)
    wait_for_network || true
    gpio_probe
    report "gpio phase done"
    sync
    systemctl poweroff
    ;;
*)
    report "no phase on the kernel command line: nothing to do"
    ;;
esac
