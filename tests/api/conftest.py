from tests.api.fixtures import api, database, make_user, storage_backend  # noqa: F401
