package dev.keel.core.stage;

import dev.keel.core.InvalidContractException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.stage.internal.BuiltInContracts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A set of stage contracts by id: the seed's built-in stages, a host's own, or both ({@link #with}).
 *
 * <p>Immutable and thread-safe.
 */
public final class StageContracts {

    /** The ids of the seed 002 stages, in topology order. */
    public static final List<String> BUILT_IN_IDS = List.of("base_system", "judgement_v1", "agency_detect_v1",
            "category_select_v1", "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1",
            StageContract.SESSION_END);

    private final Map<String, StageContract> byId;

    private StageContracts(Map<String, StageContract> byId) {
        this.byId = Collections.unmodifiableMap(byId);
    }

    /**
     * The seed's stages ({@link #BUILT_IN_IDS}), read once from the contracts shipped in this jar under
     * {@code dev/keel/core/stage/contracts/}.
     *
     * @throws dev.keel.core.ConfigurationException when a shipped contract is missing or invalid (a broken jar)
     */
    public static StageContracts builtIn() {
        return BuiltInContracts.all();
    }

    /** @throws InvalidContractException when two contracts share an id */
    public static StageContracts of(Collection<StageContract> contracts) {
        Map<String, StageContract> byId = new LinkedHashMap<>();
        for (StageContract contract : contracts) {
            if (byId.putIfAbsent(contract.id(), contract) != null) {
                throw new InvalidContractException("two contracts have the id '" + contract.id() + "'");
            }
        }
        return new StageContracts(byId);
    }

    public static StageContracts of(StageContract... contracts) {
        return of(Arrays.asList(contracts));
    }

    /** These contracts plus the given ones; a given contract replaces one of the same id. */
    public StageContracts with(StageContract... contracts) {
        Map<String, StageContract> byId = new LinkedHashMap<>(this.byId);
        for (StageContract contract : contracts) {
            byId.put(contract.id(), contract);
        }
        return new StageContracts(byId);
    }

    public Optional<StageContract> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** @throws InvalidInputException {@code unknown_stage}, naming the known ids, when there is none of this id */
    public StageContract require(String id) {
        StageContract contract = byId.get(id);
        if (contract == null) {
            throw new InvalidInputException("unknown_stage", "unknown stage '" + id + "'; known stages: "
                    + String.join(", ", byId.keySet()));
        }
        return contract;
    }

    /** The ids, in the order the contracts were given. */
    public List<String> ids() {
        return List.copyOf(byId.keySet());
    }

    public List<StageContract> contracts() {
        return new ArrayList<>(byId.values());
    }

    @Override
    public String toString() {
        return "StageContracts" + byId.keySet();
    }
}
