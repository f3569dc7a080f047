"""The model layer: one async ``Model`` interface, an OpenAI-compatible client, the embedded model.

The agent imports from here only::

    from agent.model import Model, ToolSpec, SystemMessage, UserMessage, open_model
"""

from agent.model.errors import (
    EmbeddedModelError,
    EmbeddedModelMissingError,
    ModelError,
    ModelOutputError,
    ModelRateLimitedError,
    ModelRejectedError,
    ModelTimeoutError,
    ModelUnavailableError,
)
from agent.model.factory import ensure_model, open_model
from agent.model.messages import (
    AssistantMessage,
    Completed,
    Message,
    ModelResponse,
    ServerTimings,
    StreamEvent,
    SystemMessage,
    TextDelta,
    ToolCall,
    ToolCallEvent,
    ToolChoice,
    ToolMode,
    ToolResultMessage,
    ToolSpec,
    Usage,
    UserMessage,
)
from agent.model.openai_model import OpenAIModel
from agent.model.protocol import Model
from agent.model.reachability import Endpoint, Pingable, endpoint_of, reachable
from agent.model.scripted import RecordedCall, ScriptedModel, ScriptExhaustedError, call, reply
from agent.model.settings import EmbeddedSettings, ModelSettings

__all__ = [
    "AssistantMessage",
    "Completed",
    "EmbeddedModelError",
    "EmbeddedModelMissingError",
    "EmbeddedSettings",
    "Endpoint",
    "Message",
    "Model",
    "ModelError",
    "ModelOutputError",
    "ModelRateLimitedError",
    "ModelRejectedError",
    "ModelResponse",
    "ModelSettings",
    "ModelTimeoutError",
    "ModelUnavailableError",
    "OpenAIModel",
    "Pingable",
    "RecordedCall",
    "ScriptExhaustedError",
    "ScriptedModel",
    "ServerTimings",
    "StreamEvent",
    "SystemMessage",
    "TextDelta",
    "ToolCall",
    "ToolCallEvent",
    "ToolChoice",
    "ToolMode",
    "ToolResultMessage",
    "ToolSpec",
    "Usage",
    "UserMessage",
    "call",
    "endpoint_of",
    "ensure_model",
    "open_model",
    "reachable",
    "reply",
]
