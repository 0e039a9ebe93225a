import contextlib
import logging

logger = logging.getLogger(__name__)


@contextlib.contextmanager
def _inspecting(obj, what):
    logger.debug("inspecting %s for %s", type(obj).__name__, what)
    yield obj
    logger.debug("done inspecting for %s", what)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        with _inspecting(model_runner.token_to_kv_pool, "swa") as kv_owner:
            self.swa_mapping = getattr(kv_owner, "full_to_swa_index_mapping", None)

    def forward_decode(self, loc):
        if self.swa_mapping is not None:
            loc = self.swa_mapping[loc]
        return self.pool, loc
