"""`contextledger cost` and `contextledger models` through click's CliRunner."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import contextledger.cli.cost  # noqa: F401  (registers the commands)
from _pricing_helpers import samples
from builders import save_image
from contextledger.cli import main
from contextledger.cli.cost import REPRESENTATIVE_MODELS

# Shown on gpt-3.5-turbo as the text-only model, served again here (shut down since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

KEYS = {
    "image",
    "model",
    "width",
    "height",
    "processed_width",
    "processed_height",
    "tokens",
    "exact",
    "orientation",
    "note",
}


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture()
def png(tmp_path: Path) -> Path:
    return save_image(tmp_path / "shot.png", 1920, 1080, color="black")


def test_cost_size_json(runner: CliRunner) -> None:
    res = runner.invoke(
        main,
        ["cost", "--width", "3840", "--height", "2160", "--model", "claude-opus-4-7", "--json"],
    )
    assert res.exit_code == 0, res.output
    (row,) = json.loads(res.output)["costs"]
    assert set(row) == KEYS
    assert row == {
        "image": "3840x2160",
        "model": "claude-opus-4-7",
        "width": 3840,
        "height": 2160,
        "processed_width": 2576,
        "processed_height": 1449,
        "tokens": 4784,
        "exact": True,
        "orientation": None,
        "note": "",
    }


def test_cost_files_many_models(runner: CliRunner, png: Path) -> None:
    res = runner.invoke(
        main,
        ["cost", str(png), "-m", "gpt-4o", "-m", "claude-sonnet-4-5", "--detail", "high", "--json"],
    )
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["costs"]
    assert [(r["model"], r["tokens"]) for r in rows] == [
        ("gpt-4o", 1105),
        ("claude-sonnet-4-5", 1560),
    ]
    assert all(r["width"] == 1920 and r["height"] == 1080 for r in rows)


def test_cost_default_models_table(runner: CliRunner, png: Path) -> None:
    res = runner.invoke(main, ["cost", str(png)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    for model in REPRESENTATIVE_MODELS:
        assert model in res.output
    assert "1456×819" in res.output and "1,560" in res.output


def test_cost_data_url(runner: CliRunner) -> None:
    url = "data:image/gif;base64," + base64.b64encode(samples()["gif-still"]).decode()
    res = runner.invoke(main, ["cost", url, "-m", "gemini-2.5-flash", "--json"])
    assert res.exit_code == 0, res.output
    (row,) = json.loads(res.output)["costs"]
    assert row["image"].startswith("data URL") and row["tokens"] == 258


def test_cost_unreadable_image_costs_the_maximum(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not an image")
    res = runner.invoke(main, ["cost", str(bad), "-m", "claude-opus-4-7", "--json"])
    assert res.exit_code == 0
    assert "priced at the model maximum" in res.stderr
    (row,) = json.loads(res.stdout)["costs"]
    assert (row["width"], row["tokens"]) == (None, 4784)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["cost"], "at least one IMAGE"),
        (["cost", "--width", "10"], "go together"),
        (["cost", "x.png", "--width", "10", "--height", "10"], "not both"),
        (["cost", "--width", "10", "--height", "10", "-m", "nope-model"], "unknown model"),
        (["cost", "--width", "10", "--height", "10", "-m", "gpt-3.5-turbo"], "no image input"),
        (
            ["cost", "--width", "10", "--height", "10", "-m", "gpt-4o", "--detail", "original"],
            "original",
        ),
        (["cost", "--width", "0", "--height", "10"], "--width"),
    ],
)
def test_cost_usage_errors(runner: CliRunner, args: list[str], words: str) -> None:
    res = runner.invoke(main, args)
    assert res.exit_code != 0
    assert words in res.output


def test_models_json(runner: CliRunner) -> None:
    res = runner.invoke(main, ["models", "--json"])
    assert res.exit_code == 0
    rows = {r["id"]: r for r in json.loads(res.output)["models"]}
    assert rows["claude-opus-4-7"]["max_image_tokens"] == 4784
    assert rows["gpt-3.5-turbo"]["vision"] is False
    assert rows["gpt-3.5-turbo"]["max_image_tokens"] is None
    assert rows["claude-sonnet-4-5"]["image_limits"]["many_images_max_side"] == 2000


def test_models_table(runner: CliRunner) -> None:
    res = runner.invoke(main, ["models"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    assert "gpt-5.4" in res.output and "anthropic/default" in res.output


def test_a_rotated_photo_has_its_displayed_size_as_in_normalize(tmp_path: Path) -> None:
    from builders import jpeg_with_orientation

    photo = tmp_path / "photo.jpg"
    photo.write_bytes(jpeg_with_orientation(4000, 3000, 6))
    res = CliRunner().invoke(main, ["cost", str(photo), "-m", "gpt-4o", "--json"])
    (row,) = json.loads(res.stdout)["costs"]
    assert (row["width"], row["height"], row["orientation"]) == (3000, 4000, 6)
    norm = CliRunner().invoke(main, ["normalize", str(photo), "--json"])
    (n,) = json.loads(norm.stdout)["images"]
    assert (n["width_before"], n["height_before"]) == (row["width"], row["height"])


def test_cost_at_80_columns_never_splits_a_word(tmp_path: Path) -> None:
    from builders import jpeg_with_orientation

    photo = tmp_path / "photo.jpg"
    photo.write_bytes(jpeg_with_orientation(4000, 3000, 6))
    res = CliRunner().invoke(main, ["cost", str(photo)], env={"COLUMNS": "80"})
    assert res.exit_code == 0
    assert max(len(ln) for ln in res.stdout.splitlines()) <= 80
    assert "rotated" in res.stdout and "(EXIF 6)" in res.stdout  # whole words, never folded


def test_a_file_name_that_reads_as_markup_is_shown_as_it_is(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Rich reads ``[bold]`` in a table cell as markup: ``a[bold]b.png`` was shown as ``ab.png``."""
    path = tmp_path / "a[bold]b.png"
    save_image(path, 100, 80)
    res = runner.invoke(main, ["cost", str(path), "-m", "gpt-4o"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert "a[bold]b.png" in res.output
