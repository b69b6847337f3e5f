"""Read by gunicorn when started from the project's folder (`gunicorn companion.wsgi ...`): its access log
never holds a join code or a share token (companion/log_redaction.py)."""

from gunicorn.glogging import Logger

from companion.log_redaction import redact


class RedactingLogger(Logger):
    """gunicorn's logger, with every access-log field that can hold a URL (request line, query, referer,
    headers) redacted."""

    def atoms(self, resp, req, environ, request_time):  # gunicorn's own signature
        found = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) if isinstance(value, str) else value for key, value in found.items()}


logger_class = RedactingLogger
