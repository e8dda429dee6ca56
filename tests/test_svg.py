"""Tests for the board drawing in translator.present.svg: structure, not pixels."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from translator.present.svg import MARK_KINDS, render_svg
from translator.squares import parse_square

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{NS}svg"
    assert root.get("version") == "1.1"
    return root


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def marks_by_square(root: ET.Element) -> dict[str, str]:
    found: dict[str, str] = {}
    for el in root.iter():
        cls = classes(el)
        if "mark" in cls:
            kinds = [c.removeprefix("mark-") for c in cls if c.startswith("mark-")]
            assert len(kinds) == 1, cls
            assert el.get("data-square") not in found, "one mark element per square"
            found[el.get("data-square")] = kinds[0]
    return found


def pieces_by_square(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-square"): el for el in root.iter(f"{NS}g") if "piece" in classes(el)}


def texts(root: ET.Element, cls: str) -> list[str]:
    return [el.text or "" for el in root.iter(f"{NS}text") if cls in classes(el)]


def legend_kinds(root: ET.Element) -> list[str]:
    return [el.get("data-kind") for el in root.iter(f"{NS}g") if "legend-item" in classes(el)]


def sq(name: str) -> tuple[int, int]:
    return parse_square(name)


SAMPLE_MARKS = {
    sq("d6"): "move",
    sq("f6"): "capture",
    sq("c5"): "both",
    sq("g5"): "hop",
    sq("e6"): "locust",
    sq("g3"): "ep",
}
SAMPLE_PIECES = {
    sq("e4"): ("N", "white"),
    sq("e6"): ("p", "black"),
    sq("g5"): ("P", "white"),
}


@pytest.fixture
def sample() -> ET.Element:
    return parse(render_svg(8, 8, pieces=SAMPLE_PIECES, marks=SAMPLE_MARKS, origin=sq("e4")))


def test_marks_on_the_right_squares(sample: ET.Element) -> None:
    assert marks_by_square(sample) == {
        "d6": "move", "f6": "capture", "c5": "both", "g5": "hop", "e6": "locust", "g3": "ep",
    }


def test_mark_fill_comes_from_the_shared_table(sample: ET.Element) -> None:
    for el in sample.iter(f"{NS}rect"):
        if "mark" in classes(el):
            assert el.get("fill") == MARK_KINDS[el.get("data-kind")][0]


def test_pieces_present_with_side_and_label(sample: ET.Element) -> None:
    pieces = pieces_by_square(sample)
    assert set(pieces) == {"e4", "e6", "g5"}
    assert "piece-white" in classes(pieces["e4"])
    assert "piece-black" in classes(pieces["e6"])
    assert pieces["e4"].get("data-label") == "N"
    assert [t.text for t in pieces["e6"].iter(f"{NS}text")] == ["p"]
    assert pieces["e4"].find(f"{NS}circle") is not None


def test_only_origin_piece_is_highlighted(sample: ET.Element) -> None:
    pieces = pieces_by_square(sample)
    assert [name for name, el in pieces.items() if "origin" in classes(el)] == ["e4"]
    ring = pieces["e4"].find(f"{NS}circle")
    plain = pieces["g5"].find(f"{NS}circle")
    assert float(ring.get("stroke-width")) > float(plain.get("stroke-width"))


def test_empty_origin_gets_a_ring() -> None:
    root = parse(render_svg(3, 3, pieces={}, marks={sq("a1"): "move"}, origin=sq("b2")))
    rings = [el for el in root.iter(f"{NS}circle") if "origin" in classes(el)]
    assert [el.get("data-square") for el in rings] == ["b2"]


def test_coordinates_for_8x8(sample: ET.Element) -> None:
    assert texts(sample, "file-label") == list("abcdefgh")
    assert texts(sample, "rank-label") == [str(n) for n in range(1, 9)]


def test_checkering_a1_dark_and_white_at_bottom(sample: ET.Element) -> None:
    squares = {el.get("data-square"): el for el in sample.iter(f"{NS}rect")
               if "square" in classes(el)}
    assert len(squares) == 64
    assert "dark" in classes(squares["a1"]) and "dark" in classes(squares["h8"])
    assert "light" in classes(squares["h1"]) and "light" in classes(squares["a8"])
    # Rank 1 is drawn lower (larger y) than rank 8; file a left of file h.
    assert float(squares["a1"].get("y")) > float(squares["a8"].get("y"))
    assert float(squares["a1"].get("x")) < float(squares["h1"].get("x"))


def test_mark_sits_on_its_square(sample: ET.Element) -> None:
    squares = {el.get("data-square"): el for el in sample.iter(f"{NS}rect")
               if "square" in classes(el)}
    for el in sample.iter(f"{NS}rect"):
        if "mark" in classes(el):
            cell = squares[el.get("data-square")]
            x, y = float(el.get("x")), float(el.get("y"))
            cx, cy, size = float(cell.get("x")), float(cell.get("y")), float(cell.get("width"))
            assert cx <= x < cx + size and cy <= y < cy + size


def test_26x26_board() -> None:
    marks = {(25, 25): "both", (0, 0): "capture"}
    pieces = {(12, 12): ("Q", "white"), (25, 0): ("k", "black")}
    root = parse(render_svg(26, 26, pieces=pieces, marks=marks, origin=(12, 12)))
    assert marks_by_square(root) == {"z26": "both", "a1": "capture"}
    assert set(pieces_by_square(root)) == {"m13", "z1"}
    assert texts(root, "file-label") == [chr(ord("a") + i) for i in range(26)]
    assert texts(root, "rank-label") == [str(n) for n in range(1, 27)]
    assert int(root.get("width")) >= 26 * 40 and int(root.get("height")) >= 26 * 40


def test_1x1_board_fits_its_legend() -> None:
    root = parse(render_svg(1, 1, pieces={}, marks={(0, 0): "locust"}))
    assert marks_by_square(root) == {"a1": "locust"}
    # The legend text is far wider than one square; the canvas must grow with it.
    assert int(root.get("width")) > 200


def test_legend_lists_only_used_kinds_in_table_order(sample: ET.Element) -> None:
    assert legend_kinds(sample) == ["move", "capture", "both", "hop", "locust", "ep"]
    root = parse(render_svg(8, 8, pieces={}, marks={sq("a1"): "capture", sq("b1"): "capture"}))
    assert legend_kinds(root) == ["capture"]
    legend = [el for el in root.iter(f"{NS}g") if "legend" in classes(el)][0]
    assert [t.text for t in legend.iter(f"{NS}text")] == ["capture only"]


def test_no_marks_no_legend() -> None:
    root = parse(render_svg(8, 8, pieces={sq("e1"): ("K", "white")}, marks={}))
    assert legend_kinds(root) == []
    assert not [el for el in root.iter() if "legend" in classes(el)]


def test_legend_below_board(sample: ET.Element) -> None:
    board_bottom = max(float(el.get("y")) + float(el.get("height"))
                       for el in sample.iter(f"{NS}rect") if "square" in classes(el))
    file_row = max(float(el.get("y")) for el in sample.iter(f"{NS}text")
                   if "file-label" in classes(el))
    swatches = [el for el in sample.iter(f"{NS}rect") if "legend-swatch" in classes(el)]
    assert swatches and all(float(el.get("y")) > max(board_bottom, file_row) for el in swatches)
    ys = [float(el.get("y")) for el in swatches]
    assert ys == sorted(ys) and len(set(ys)) == len(ys), "legend rows must not overlap"
    assert max(ys) + 14 <= float(sample.get("height"))


def test_legend_texts() -> None:
    assert {k: text for k, (_, text) in MARK_KINDS.items() if k != "blocked"} == {
        "move": "move only",
        "capture": "capture only",
        "both": "move or capture",
        "hop": "hop target",
        "locust": "locust victim (captured on the way)",
        "ep": "e.p. square",
    }


def test_title_special_characters_are_escaped() -> None:
    title = 'Knight <N> & "friends" \'here\''
    svg = render_svg(8, 8, pieces={}, marks={}, title=title)
    assert "<N>" not in svg and "&lt;N&gt;" in svg and "&amp;" in svg
    root = parse(svg)
    assert texts(root, "title") == [title]
    assert root.find(f"{NS}title").text == title


def test_labels_with_special_characters_are_escaped() -> None:
    label = '<&">'
    root = parse(render_svg(2, 2, pieces={(0, 0): (label, "black")}, marks={}))
    piece = pieces_by_square(root)["a1"]
    assert piece.get("data-label") == label
    assert [t.text for t in piece.iter(f"{NS}text")] == [label]


def test_control_characters_do_not_break_xml() -> None:
    parse(render_svg(2, 2, pieces={}, marks={}, title="bad\x01char"))


def test_every_kind_renders() -> None:
    marks = {(i, 0): kind for i, kind in enumerate(MARK_KINDS)}
    root = parse(render_svg(len(MARK_KINDS), 1, pieces={}, marks=marks))
    assert sorted(marks_by_square(root).values()) == sorted(MARK_KINDS)
    assert legend_kinds(root) == list(MARK_KINDS)


def test_output_is_deterministic() -> None:
    a = render_svg(8, 8, pieces=SAMPLE_PIECES, marks=SAMPLE_MARKS, origin=sq("e4"))
    b = render_svg(8, 8, pieces=dict(reversed(SAMPLE_PIECES.items())),
                   marks=dict(reversed(SAMPLE_MARKS.items())), origin=sq("e4"))
    assert a == b


@pytest.mark.parametrize("kwargs", [
    {"files": 0, "ranks": 8},
    {"files": 27, "ranks": 8},
    {"marks": {(8, 0): "move"}},
    {"marks": {(0, 0): "teleport"}},
    {"pieces": {(0, 0): ("K", "red")}},
    {"pieces": {(0, 8): ("K", "white")}},
    {"origin": (-1, 0)},
])
def test_bad_input_raises(kwargs: dict) -> None:
    args = {"files": 8, "ranks": 8, "pieces": {}, "marks": {}} | kwargs
    files, ranks = args.pop("files"), args.pop("ranks")
    with pytest.raises(ValueError):
        render_svg(files, ranks, **args)
