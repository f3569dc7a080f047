from tests.agent.fixtures import database, make_user, storage_backend  # noqa: F401
