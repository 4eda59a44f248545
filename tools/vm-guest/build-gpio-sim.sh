#!/bin/bash
# Runs in a chroot of the VM's image while tools/vm-check builds it (as root): gpio-sim for
# the image's kernel, built from Debian's own kernel source, because Debian bookworm's
# kernel (and bookworm-backports' 6.12) ships neither gpio-sim nor gpio-mockup
# ("# CONFIG_GPIO_SIM is not set"). gpio-sim needs the kernel's irq_sim, which no module of
# that kernel selects, so irq_sim.c is built beside it as a module of its own. Both land in
# /lib/modules/VERSION/extra; the compiler and the source are removed again.
set -euo pipefail
kver="$(find /lib/modules -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)"
series="$(echo "$kver" | cut -d. -f1-2)"  # 6.1.0-56-amd64 -> 6.1
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "linux-headers-$kver" "linux-source-$series" \
    gcc make libc6-dev xz-utils
src=/usr/src/vm-check-gpio-sim
rm -rf "$src" && mkdir -p "$src"
tar -xJf "/usr/src/linux-source-$series.tar.xz" -C "$src" --strip-components=3 \
    "linux-source-$series/drivers/gpio/gpio-sim.c" \
    "linux-source-$series/drivers/gpio/gpiolib.h" \
    "linux-source-$series/kernel/irq/irq_sim.c"
mv "$src/irq_sim.c" "$src/irq-sim.c"
# irq_to_desc() is not exported to modules; generic_handle_irq() runs the same flow
# handler (irq_sim maps every line with handle_simple_irq) and is.
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$src/irq-sim.c"
grep -q 'generic_handle_irq(irqnum);' "$src/irq-sim.c"
printf '\n#include <linux/module.h>\nMODULE_LICENSE("GPL");\nMODULE_DESCRIPTION("irq_sim as a module (vm-check)");\n' \
    >>"$src/irq-sim.c"
echo 'obj-m := irq-sim.o gpio-sim.o' >"$src/Kbuild"
make -s -C "/lib/modules/$kver/build" M="$src" modules
mkdir -p "/lib/modules/$kver/extra"
cp "$src/irq-sim.ko" "$src/gpio-sim.ko" "/lib/modules/$kver/extra/"
depmod "$kver"
rm -rf "$src"
apt-get purge -y -qq "linux-headers-$kver" "linux-source-$series" gcc make libc6-dev
apt-get autoremove -y -qq --purge
apt-get clean
echo "gpio-sim built for $kver"
