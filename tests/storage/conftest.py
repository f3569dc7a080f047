from tests.storage.fixtures import database, make_user, storage_backend, store  # noqa: F401
