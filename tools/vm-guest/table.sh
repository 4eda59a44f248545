# Sourced by hook.sh (bash, as root): the appliance alone at a table (issue 35). Two boots:
#
#   vm_check=hotspot  the owner makes the access point profile, as firmware/README.md says
#                     (mac80211_hwsim's first radio is the device's wlan0), then powers off
#   vm_check=table    the boot a table meets: when the device and the access point started,
#                     the polkit rule (the service's user brings the access point up; the
#                     old rule's refusal shown on the same radio), a phone on the second
#                     radio in its own network namespace joins, gets an address, opens the
#                     address the device shows and plays from it (the host presses the
#                     table's buttons), then restarts asked for and a crash loop under the
#                     real systemd
#
# Reports are "VMCHECK <what>: ..." lines on ttyS0, read by tools/vm-check.

# shellcheck shell=bash disable=SC2154  # report, wait_active and $here come from hook.sh
PROFILE=coda-pi-hotspot
PSK=a-table-password
NS=phone

uptime_now() { cut -d' ' -f1 /proc/uptime; }

# The owner's commands from firmware/README.md, "No Wi-Fi at the table".
hotspot_setup() {
    local i
    for i in $(seq 120); do
        nmcli -t -f DEVICE device 2>/dev/null | grep -qx wlan0 && break
        sleep 1
    done
    report "hotspot: radios: $(iw dev 2>&1 | awk '/Interface/ {print $2}' | tr '\n' ' ')"
    iw reg set ES  # raspi-config's do_wifi_country does this on a Pi
    nmcli connection delete "$PROFILE" >/dev/null 2>&1 || true
    if nmcli connection add type wifi ifname wlan0 con-name "$PROFILE" ssid coda-pi \
        802-11-wireless.mode ap 802-11-wireless.band bg ipv4.method shared \
        wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$PSK" \
        connection.autoconnect yes connection.autoconnect-priority 100 >/tmp/nm-add.log 2>&1
    then
        report "hotspot: profile made with the README's nmcli command"
    else
        report "hotspot: profile NOT made: $(tr '\n' ' ' </tmp/nm-add.log)"
    fi
}

# When the device started and when NetworkManager had the access point up (seconds since
# boot), and whether the device ever said it could not bring it up.
hotspot_timing() {
    local i ap_up="" dev_start
    for i in $(seq 300); do
        if nmcli -t -f NAME connection show --active 2>/dev/null | grep -qx "$PROFILE"; then
            ap_up="$(uptime_now)"
            break
        fi
        sleep 1
    done
    wait_active
    dev_start="$(systemctl show -p ExecMainStartTimestampMonotonic --value coda-pi.service)"
    report "hotspot: coda-pi started at $(awk -v u="$dev_start" 'BEGIN { printf "%.1f", u / 1e6 }') s, access point seen up at ${ap_up:-never} s (polled each second)"
    report "hotspot: NetworkManager: $(journalctl -b -u NetworkManager -o short-monotonic --no-pager | grep -m1 "device (wlan0): Activation: successful" | sed 's/^\[ *\([0-9.]*\)\].*/\1 s: wlan0 activation successful/')"
    # The access point is seen up (nmcli) a moment before wlan0 holds its address: waiting
    # for it keeps the check's own reference from being empty while the device is right.
    local addr=""
    for _ in $(seq 30); do
        addr="$(ip -4 -o addr show wlan0 | awk '{print $4}')"
        [ -n "$addr" ] && break
        sleep 1
    done
    report "hotspot: wlan0 $addr"
}

# The polkit rule for real: the service's user brings the profile up through NetworkManager,
# first with the rule as it was before issue 35 (network-control alone), then as installed.
polkit_check() {
    local rule=/etc/polkit-1/rules.d/50-coda-pi-hotspot.rules user rc which
    user="$(systemctl show -p User --value coda-pi.service)"
    cp "$rule" /tmp/rule.installed
    # The rule firmware/README.md gave before issue 35 (commit 59a0e74's parent).
    cat >/tmp/rule.old <<RULE
polkit.addRule(function (action, subject) {
    if (action.id == "org.freedesktop.NetworkManager.network-control" &&
        subject.user == "$user") {
        return polkit.Result.YES;
    }
});
RULE
    for which in old installed; do
        cp "/tmp/rule.$which" "$rule"
        sleep 3  # polkitd reads rules.d again when a file in it changes
        nmcli connection down "$PROFILE" >/dev/null 2>&1
        runuser -u "$user" -- nmcli connection up "$PROFILE" >/tmp/up.log 2>&1
        rc=$?
        report "polkit: $which rule: $user: nmcli connection up: rc=$rc $(tail -n 1 /tmp/up.log)"
        if ! nmcli -t -f NAME connection show --active | grep -qx "$PROFILE"; then
            nmcli connection up "$PROFILE" >/dev/null 2>&1  # as root: the phone needs it
        fi
    done
    cp /tmp/rule.installed "$rule"
}

# The second radio moved into the phone's namespace, joined with wpa_supplicant, DHCP.
phone_join() {
    local phy i state addr
    phy="$(cat /sys/class/net/wlan1/phy80211/name 2>/dev/null)"
    ip netns add "$NS"
    mkdir -p "/etc/netns/$NS"
    echo "nameserver 127.0.0.1" >"/etc/netns/$NS/resolv.conf"  # dhclient's to rewrite
    iw phy "$phy" set netns name "$NS"
    ip netns exec "$NS" ip link set lo up
    ip netns exec "$NS" ip link set wlan1 up
    cat >/tmp/phone-wpa.conf <<CONF
ctrl_interface=/run/wpa_phone
network={
    ssid="coda-pi"
    psk="$PSK"
    key_mgmt=WPA-PSK
}
CONF
    ip netns exec "$NS" wpa_supplicant -B -i wlan1 -c /tmp/phone-wpa.conf -P /run/wpa_phone.pid \
        -f /tmp/phone-wpa.log
    state=""
    for i in $(seq 90); do
        state="$(ip netns exec "$NS" wpa_cli -p /run/wpa_phone -i wlan1 status 2>/dev/null | sed -n 's/^wpa_state=//p')"
        [ "$state" = COMPLETED ] && break
        sleep 1
    done
    report "phone: $phy in netns $NS, wpa_supplicant $state after ${i}s ($(ip netns exec "$NS" wpa_cli -p /run/wpa_phone -i wlan1 status 2>/dev/null | grep -E '^(ssid|key_mgmt|freq)=' | tr '\n' ' '))"
    ip netns exec "$NS" timeout 120 dhclient -1 -pf /run/phone-dhclient.pid \
        -lf /tmp/phone-dhclient.leases wlan1 >/tmp/phone-dhclient.log 2>&1
    addr="$(ip netns exec "$NS" ip -4 -o addr show wlan1 | awk '{print $4}')"
    report "phone: DHCP on wlan1: ${addr:-none}; the phone's routes: $(ip netns exec "$NS" ip route | tr '\n' ';')"
    [ -n "$addr" ]
}

# The address the device shows (its QR code's and the Phones page's), asked of the same code
# the device draws from, as the service's user; the host compares it with the QR code it
# decodes from the screen.
device_address() {
    local user
    user="$(systemctl show -p User --value coda-pi.service)"
    runuser -u "$user" -- /opt/coda-pi/venv/bin/python -c '
from coda_pi.phones.addresses import PhoneAddresses, hotspot_interface
print(" ".join(PhoneAddresses(hotspot=hotspot_interface()).urls("https", 8443)))'
}

phone_play() {
    local url
    url="$(device_address | awk '{print $1}')"
    report "phone: the device shows ${url:-nothing} (all: $(device_address | tr '\n' ' '))"
    report "phone: go"  # the host screendumps the QR code now
    ip netns exec "$NS" python3 "$here/vm-guest/phone.py" "$url" \
        /var/lib/coda-pi/phones-cert.pem /var/lib/coda-pi 2 2>&1 | sed -u 's/^/VMCHECK /'
}

# Restarts asked for, six in a row (the old unit's start limit refused the sixth), then five
# crashes (SIGSEGV: a crash as systemd sees one), the crash screen on tty1, and the retry
# after the pause (the check's override shortens it).
crash_loop() {
    local i pid result crashes
    for i in $(seq 6); do
        systemctl restart coda-pi.service
        report "crash: restart $i asked for: $(systemctl is-active coda-pi.service) ($(systemctl show -p Result --value coda-pi.service))"
        sleep 2
    done
    crashes="$( [ -f /run/coda-pi-crashes/times ] && wc -l </run/coda-pi-crashes/times || echo 0)"
    report "crash: after 6 restarts asked for: $(systemctl is-active coda-pi.service), crashes counted $crashes, crash screen $(systemctl is-active coda-pi-crashed.service)"
    for i in $(seq 5); do
        for _ in $(seq 60); do
            pid="$(systemctl show -p MainPID --value coda-pi.service)"
            [ "${pid:-0}" != 0 ] && [ "$(systemctl is-active coda-pi.service)" = active ] && break
            sleep 1
        done
        sleep 3
        systemctl kill -s SIGSEGV coda-pi.service
        sleep 2
        result="$(systemctl show -p Result --value coda-pi.service)"
        report "crash: $i: killed pid $pid with SIGSEGV; Result=$result; coda-pi $(systemctl is-active coda-pi.service); crash screen $(systemctl is-active coda-pi-crashed.service)"
        sleep 6  # RestartSec=5
    done
    sleep 5
    report "crash: after 5 crashes: coda-pi $(systemctl is-active coda-pi.service), crash screen $(systemctl is-active coda-pi-crashed.service), getty@tty1 $(systemctl is-active getty@tty1.service)"
    # What tty1 shows (the virtual console's text, /dev/vcs1), its non-blank lines.
    report "crash: tty1: $(tr -s ' ' </dev/vcs1 | fold -w 80 | grep -v '^ *$' | head -n 4 | tr '\n' '|')"
    report "crash: screen up"  # the host screendumps tty1 now
    local t0
    t0="$(date +%s)"
    for _ in $(seq 240); do
        [ "$(systemctl is-active coda-pi.service)" = active ] && break
        sleep 1
    done
    report "crash: retry: coda-pi $(systemctl is-active coda-pi.service) $(( $(date +%s) - t0 ))s after the screen came up; crash screen $(systemctl is-active coda-pi-crashed.service)"
}
