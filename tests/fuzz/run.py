"""Runs one fuzz target under atheris (coverage-guided; on the sanitizer build
it is guided by the C++ core's coverage too, see tests/fuzz/README.md).

    python tests/fuzz/run.py TARGET [libFuzzer flags...]
    python tests/fuzz/run.py dict_combat -runs=20000
    python tests/fuzz/run.py --list
    python tests/fuzz/run.py --write-seeds     # regenerate tests/fuzz/corpus/

The committed corpus tests/fuzz/corpus/TARGET is read first; new inputs go to
a scratch folder unless you pass your own corpus folder. A crash writes
crash-* in the working folder: copy it into tests/fuzz/regressions/TARGET/.
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from targets import CORPUS, GAMES, TARGETS, write_saves  # noqa: E402


def write_seeds() -> None:
    for game in GAMES:
        write_saves(game)
    for name, (_, seeds) in TARGETS.items():
        folder = CORPUS / name
        folder.mkdir(parents=True, exist_ok=True)
        for seed in seeds():
            (folder / hashlib.sha1(seed).hexdigest()[:16]).write_bytes(seed)
        print(f"{name}: {len(list(folder.iterdir()))} inputs")


def main() -> None:
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return
    if args[0] == "--list":
        print("\n".join(TARGETS))
        return
    if args[0] == "--write-seeds":
        write_seeds()
        return
    name, flags = args[0], args[1:]
    if name not in TARGETS:
        sys.exit(f"unknown fuzz target {name!r}; targets: {', '.join(TARGETS)}")
    import atheris

    test_one, _ = TARGETS[name]
    corpora = [a for a in flags if not a.startswith("-")]
    flags = [a for a in flags if a.startswith("-")]
    if not corpora:  # libFuzzer writes new inputs into the first folder: keep the committed one clean
        corpora = [tempfile.mkdtemp(prefix=f"fuzz-{name}-"), str(CORPUS / name)]
    atheris.Setup([sys.argv[0], *flags, *corpora], test_one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
