"""kairos HTTP API: authenticated chat (JSON and Server-Sent Events), calendar reads, ``.ics`` files,
health and readiness. See :mod:`agent.api.app`.

    from agent.api import create_app, ApiSettings
    app = create_app(db, assistant, clock=clock, settings=ApiSettings.from_env())
"""

from agent.api.app import app_from_env, create_app, http_model_probe
from agent.api.services import ModelProbe, Services
from agent.api.settings import ApiSettings

__all__ = ["ApiSettings", "ModelProbe", "Services", "app_from_env", "create_app", "http_model_probe"]
