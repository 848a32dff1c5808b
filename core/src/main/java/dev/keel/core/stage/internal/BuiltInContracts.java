package dev.keel.core.stage.internal;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidContractException;
import dev.keel.core.stage.StageContract;
import dev.keel.core.stage.StageContracts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads the seed's stage contracts shipped as JSON resources, once. Thread-safe. */
public final class BuiltInContracts {

    /** Where the JSON contracts are, one file per stage id. */
    public static final String RESOURCE_DIRECTORY = "/dev/keel/core/stage/contracts/";

    private static volatile StageContracts loaded;

    private BuiltInContracts() {
    }

    /**
     * The built-in contracts, read on first use.
     *
     * @throws ConfigurationException when a resource is missing or invalid (a broken jar)
     */
    public static StageContracts all() {
        StageContracts contracts = loaded;
        if (contracts == null) {
            synchronized (BuiltInContracts.class) {
                if (loaded == null) {
                    loaded = load();
                }
                contracts = loaded;
            }
        }
        return contracts;
    }

    private static StageContracts load() {
        List<StageContract> contracts = new ArrayList<>();
        for (String id : StageContracts.BUILT_IN_IDS) {
            String resource = RESOURCE_DIRECTORY + id + ".json";
            try (InputStream in = BuiltInContracts.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new ConfigurationException("built-in stage contract " + resource + " is missing from the class path");
                }
                StageContract contract = StageContract.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                if (!contract.id().equals(id)) {
                    throw new ConfigurationException("built-in stage contract " + resource + " has the id '" + contract.id() + "'");
                }
                contracts.add(contract);
            } catch (IOException e) {
                throw new ConfigurationException("cannot read built-in stage contract " + resource + ": " + e.getMessage(), e);
            } catch (InvalidContractException e) {
                throw new ConfigurationException("built-in stage contract " + resource + " is invalid: " + e.getMessage(), e);
            }
        }
        return StageContracts.of(contracts);
    }
}
