"""Choosing a file to save to or open, drawn with DirectGUI (no native dialog).

A modal panel lists one folder: the parent (``..``), the sub-folders, then the
JSON files (saved games and match records), a page at a time. A click on a
folder enters it; a click on a file puts its name in the name field (a second
click on it confirms); the field also takes a typed name or path. Saving over
an existing file asks first. Open also takes a position string typed in the
field (docs/rules/<game>.md), handed on as a str instead of a path. The folder the player last used is remembered
(:mod:`settings`) and the dialog opens there next time.

It takes the HUD's one dialog place (``hud.dialog``), so clicks on the table
are ignored as for any question. While it is open the keyboard's events are
renamed (``dialog-`` prefix), so typing a name never pans the camera or steps a
replay; Escape cancels. It registers its buttons in ``hud.buttons``
(``dialog:Save``, ``dialog:Open``, ``dialog:Cancel``, ``dialog:Up``,
``dialog:item:NAME``, ``dialog:More``), so tests press what a click presses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from direct.gui.DirectGui import DGG, DirectButton, DirectEntry, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

ROWS = 9            # files shown per page
SUFFIXES = (".json",)
TEXT = (0.93, 0.93, 0.9, 1)


def _is_position_string(text: str) -> bool:
    from triptych.positions import is_position_string

    return is_position_string(text)


def list_folder(folder: Path) -> list[tuple[str, bool]]:
    """(name, is_folder) of what the dialog offers in `folder`: folders first, then JSON files, by name."""
    try:
        children = list(folder.iterdir())
    except OSError:
        return []
    dirs = sorted((p.name for p in children if p.is_dir() and not p.name.startswith(".")), key=str.lower)
    files = sorted((p.name for p in children if p.is_file() and p.suffix.lower() in SUFFIXES), key=str.lower)
    return [(d, True) for d in dirs] + [(f, False) for f in files]


class FileDialog:
    """A save (`mode="save"`) or open (`mode="open"`) dialog; `on_choose(path)` runs with the chosen file."""

    active: "FileDialog | None" = None   # the dialog holding the keyboard (a new one replaces an old one)

    def __init__(self, hud: Any, mode: str, folder: Path, name: str, on_choose: Callable[[Any], Any],
                 title: str = "", on_folder: Callable[[Path], Any] | None = None) -> None:
        if mode not in ("save", "open"):
            raise ValueError(f"mode must be 'save' or 'open', not {mode!r}")
        self.hud, self.mode, self.on_choose, self.on_folder = hud, mode, on_choose, on_folder
        self.folder = Path(folder).resolve()
        self.page = 0
        self.error = ""
        self._last_clicked: str | None = None
        hud.close_dialog()
        font = hud.font
        self.frame = DirectFrame(parent=hud.base.aspect2d, frameColor=(0.06, 0.07, 0.1, 1),
                                 frameSize=(-0.9, 0.9, -0.78, 0.78), sortOrder=40, state=DGG.NORMAL)
        hud.dialog = self.frame
        verb = "Save" if mode == "save" else "Open"
        OnscreenText(parent=self.frame, text=title or ("Save the game" if mode == "save" else "Open"),
                     pos=(-0.85, 0.68), scale=0.055, fg=(1, 0.86, 0.45, 1), align=TextNode.A_left, font=font)
        self.folder_text = OnscreenText(parent=self.frame, pos=(-0.85, 0.6), scale=0.034, fg=(0.75, 0.85, 1, 1),
                                        align=TextNode.A_left, font=font, mayChange=True)
        self.rows: list[DirectButton] = []
        for i in range(ROWS):
            b = DirectButton(parent=self.frame, text="", pos=(-0.84, 0, 0.5 - i * 0.095), scale=0.04,
                             relief=DGG.FLAT, text_align=TextNode.A_left, text_font=font, text_fg=TEXT,
                             frameSize=(-0.3, 41, -0.6, 1.2), frameColor=((0.12, 0.14, 0.19, 1), (0.3, 0.36, 0.46, 1),
                                                                         (0.2, 0.24, 0.32, 1), (0.1, 0.1, 0.1, 0.5)))
            self.rows.append(b)
        OnscreenText(parent=self.frame, text="Name:", pos=(-0.85, -0.45), scale=0.04, fg=TEXT,
                     align=TextNode.A_left, font=font)
        self.entry = DirectEntry(parent=self.frame, initialText=name, pos=(-0.66, 0, -0.455), scale=0.04, width=37,
                                 numLines=1, focus=1, overflow=1, entryFont=font, text_fg=(0.05, 0.05, 0.07, 1),
                                 frameColor=(0.9, 0.9, 0.86, 1), command=lambda _text: self.confirm())
        self.message = OnscreenText(parent=self.frame, pos=(-0.85, -0.54), scale=0.034, fg=(1, 0.55, 0.45, 1),
                                    align=TextNode.A_left, font=font, mayChange=True, wordwrap=50)
        for i, (text, command) in enumerate(((verb, self.confirm), ("Cancel", self.cancel), ("Up", self.up),
                                             ("More", self.more))):
            DirectButton(parent=self.frame, text=text, command=command, pos=(-0.62 + 0.42 * i, 0, -0.68),
                         scale=0.045, relief=DGG.FLAT, pad=(0.6, 0.25), text_font=font, text_fg=TEXT,
                         frameColor=(0.2, 0.4, 0.28, 1) if i == 0 else (0.22, 0.26, 0.34, 1))
            hud.buttons["dialog:" + text] = command
        self.show()
        self._thrower = hud.base.buttonThrowers[0].node() if getattr(hud.base, "buttonThrowers", None) else None
        if self._thrower is not None:
            FileDialog.active = self
            self._thrower.set_prefix("dialog-")
            hud.base.accept("dialog-escape", self.cancel)
            hud.base.task_mgr.add(self._watch, "triptych-file-dialog")

    def _watch(self, task: Any) -> Any:
        """Gives the keyboard back once the dialog is gone, however it was closed."""
        if self.hud.dialog is self.frame and not self.frame.is_empty():
            return task.cont
        self._release_keys()
        return task.done

    def _release_keys(self) -> None:
        if self._thrower is not None and FileDialog.active is self:
            FileDialog.active = None
            self._thrower.set_prefix("")
            self.hud.base.ignore("dialog-escape")

    # -- the listing -----------------------------------------------------------------------------------------
    def entries(self) -> list[tuple[str, bool]]:
        return list_folder(self.folder)

    def shown(self) -> list[str]:
        """The names on the rows now (folders end in '/')."""
        return [b["text"] for b in self.rows if not b.is_hidden()]

    def show(self) -> None:
        for key in [k for k in self.hud.buttons if k.startswith("dialog:item:")]:
            del self.hud.buttons[key]
        entries = [("..", True)] + self.entries() if self.folder.parent != self.folder else self.entries()
        pages = max(1, (len(entries) + ROWS - 1) // ROWS)
        self.page %= pages
        page = entries[self.page * ROWS:(self.page + 1) * ROWS]
        self.folder_text.setText(f"{self.folder}" + (f"   (page {self.page + 1} of {pages})" if pages > 1 else ""))
        for b, item in zip(self.rows, page + [None] * (ROWS - len(page))):
            if item is None:
                b.hide()
                continue
            name, is_dir = item
            text = name + "/" if is_dir else name
            command = (lambda n=name: self.enter(n)) if is_dir else (lambda n=name: self.pick(n))
            b["text"], b["command"] = text, command
            b.show()
            self.hud.buttons["dialog:item:" + text] = command
        self.message.setText(self.error)

    def more(self) -> None:
        self.page += 1
        self.show()

    def enter(self, name: str) -> None:
        self.folder = (self.folder / name).resolve()
        self.page, self.error = 0, ""
        self.show()

    def up(self) -> None:
        self.enter("..")

    def pick(self, name: str) -> None:
        """A file clicked: its name goes to the field; the same file clicked again confirms."""
        if self._last_clicked == name and self.name == name:
            self.confirm()
            return
        self._last_clicked = name
        self.set_name(name)

    # -- the name field --------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.entry.get().strip()

    def set_name(self, text: str) -> None:
        self.entry.enterText(text)

    def confirm(self) -> None:
        """The Save/Open button (or Enter in the field): a folder typed is entered, a file is chosen."""
        name = self.name
        if not name:
            self._refuse("Type a file name or pick a file.")
            return
        if self.mode == "open" and _is_position_string(name):  # a position string typed (or pasted) in
            self.close()
            self.on_choose(name)
            return
        path = (self.folder / Path(name).expanduser()).resolve()
        if path.is_dir():
            self.folder, self.page, self.error = path, 0, ""
            self.set_name("")
            self.show()
            return
        if self.mode == "save":
            if path.suffix == "":
                path = path.with_suffix(".json")
            if not path.parent.is_dir():
                self._refuse(f"There is no folder {path.parent}.")
                return
            if path.exists():
                self._release_keys()  # the question that replaces this dialog takes Escape as usual
                self.hud.ask(f"{path.name} exists. Replace it?", lambda: self._choose(path), yes="Replace")
                return
        elif not path.is_file():
            self._refuse(f"There is no file {path.name} in {path.parent}.")
            return
        self._choose(path)

    def _refuse(self, text: str) -> None:
        self.error = text
        self.message.setText(text)

    def _choose(self, path: Path) -> None:
        self.close()
        if self.on_folder is not None:
            self.on_folder(path.parent)
        self.on_choose(path)

    def cancel(self) -> None:
        self.close()

    def close(self) -> None:
        self._release_keys()
        if self.hud.dialog is self.frame:
            self.hud.close_dialog()
        elif not self.frame.is_empty():
            self.frame.destroy()
