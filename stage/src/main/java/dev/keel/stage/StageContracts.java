package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import dev.keel.core.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A set of stage contracts by id, in the order they were given: an application's workflow, built in code
 * ({@link #of}), read from the JSON form shipped as resources ({@link #fromResources}), or combined
 * ({@link #with}).
 *
 * <p>Immutable and thread-safe.
 */
public final class StageContracts {

    private final Map<String, StageContract> byId;

    private StageContracts(Map<String, StageContract> byId) {
        this.byId = Collections.unmodifiableMap(byId);
    }

    /**
     * Reads the contracts {@code ids} from JSON resources next to {@code anchor}: {@code directory + id + ".json"}
     * each, in the JSON form of {@link StageContract#fromJson}. Each file's {@code id} must be its name.
     *
     * @param anchor    a class whose class loader sees the resources
     * @param directory an absolute resource directory ending in {@code /}, for example
     *                  {@code /com/example/contracts/}
     * @throws dev.keel.core.ConfigurationException naming the resource when one is missing, unreadable or invalid
     */
    public static StageContracts fromResources(Class<?> anchor, String directory, List<String> ids) {
        return of(ContractResources.read(anchor, directory, ids));
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
