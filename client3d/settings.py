"""The client's few remembered settings (the last folder of the file dialog), in a small JSON file.

The file lives in the user's config folder: ``$XDG_CONFIG_HOME/triptych/client.json``
(``~/.config/triptych`` when XDG_CONFIG_HOME is unset; ``%APPDATA%\\triptych`` on
Windows). A missing or unreadable file means defaults: settings are a comfort,
never a reason not to start.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


def config_dir() -> Path:
    if sys.platform.startswith("win") and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "triptych"
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "triptych"


class Settings:
    """A dict persisted as JSON at `path` (default: the user's config folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else config_dir() / "client.json"
        self.values: dict[str, Any] = {}
        try:
            data = json.loads(self.path.read_text())
            if isinstance(data, dict):
                self.values = data
        except (OSError, ValueError):
            pass

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def set(self, key: str, value: Any) -> None:
        """Remembers `value` and writes the file at once (a failed write is not an error for the player)."""
        self.values[key] = value
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.values, indent=1))
            tmp.replace(self.path)
        except OSError:
            pass

    @property
    def last_folder(self) -> Path | None:
        folder = self.get("last_folder")
        return Path(folder) if folder and Path(folder).is_dir() else None

    @last_folder.setter
    def last_folder(self, folder: Path) -> None:
        self.set("last_folder", str(Path(folder).resolve()))
