"""``python -m contextledger``: the same CLI as the ``contextledger`` command, for environments
where the script is not on PATH (a venv not activated, ``pipx run``, CI)."""

from __future__ import annotations

if __name__ == "__main__":
    from .cli import main

    main(prog_name="contextledger")
