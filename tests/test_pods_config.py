"""The config's [pods] table: off by default, every key read, every mistake named."""

from __future__ import annotations

from coda_pi.config import load_config, parse_config
from coda_pi.pods.settings import Controller, PodsConfig


def pods(text: str) -> tuple[PodsConfig, dict[str, str]]:
    config, problems = parse_config(text, env={"HOME": "/nonexistent"})
    return config.pods, {p.key: str(p.message) for p in problems}


def test_no_table_means_no_pods():
    config, problems = pods("")
    assert config == PodsConfig() and not config.enabled and problems == {}


def test_every_key_is_read():
    config, problems = pods("[pods]\nenabled = true\ncontroller = 'ssd1306'\nport = 0\n"
                            "multiplexer = 0x71\naddress = 0x3D\nchannels = [4, 5, 6]\n"
                            "bus_hz = 100000\nidle_seconds = 30\n")
    assert problems == {}
    assert config == PodsConfig(enabled=True, controller=Controller.SSD1306, port=0,
                                multiplexer=0x71, address=0x3D, channels=(4, 5, 6),
                                bus_hz=100_000, idle_seconds=30)


def test_each_mistake_names_its_key_and_the_default_is_used():
    config, problems = pods("[pods]\nenabled = 'yes'\ncontroller = 'ssd1309'\n"
                            "multiplexer = 0x20\naddress = 0x3E\nchannels = [0, 8]\n"
                            "idle_seconds = 1\nchanels = [0]\n")
    assert set(problems) == {"pods.enabled", "pods.controller", "pods.multiplexer",
                             "pods.address", "pods.channels", "pods.idle_seconds",
                             "pods.chanels"}
    assert "did you mean 'channels'" in problems["pods.chanels"]
    assert config == PodsConfig()


def test_two_seats_on_one_channel_is_refused_with_the_reason():
    config, problems = pods("[pods]\nenabled = true\nchannels = [0, 1, 1]\n")
    assert config.channels == (0, 1, 2, 3)
    assert "two seats' pods on one channel" in problems["pods.channels"]


def test_the_table_is_kept_when_read_from_a_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[pods]\nenabled = true\nchannels = [1, 0]\n")
    config, problems = load_config(path, env={"HOME": str(tmp_path)})
    assert problems == []
    assert config.pods == PodsConfig(enabled=True, channels=(1, 0))
