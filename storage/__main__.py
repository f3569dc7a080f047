"""``python -m storage``: bring the configured database (``KAIROS_DATABASE_URL`` or the SQLite default in
``KAIROS_DATA_DIR``) to the newest schema revision and print it."""

from __future__ import annotations

import asyncio

from storage.engine import database_url
from storage.migrate import current_revision, upgrade


async def _main() -> None:
    url = database_url()
    await upgrade(url)
    print(f"schema at revision {await current_revision(url)}")


if __name__ == "__main__":
    asyncio.run(_main())
