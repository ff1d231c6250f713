use super::*;
use std::sync::Weak;
use std::time::Instant;

fn settings() -> Settings {
    Settings {
        index: IndexOptions::default(),
        wait: Duration::from_secs(60),
        store: Store::Off,
        watch: false,
    }
}

/// A directory holding `name.py`, which defines `name`.
fn tree(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = format!("def {name}():\n    return 1\n");
    std::fs::write(dir.path().join(format!("{name}.py")), source).unwrap();
    dir
}

fn offered(dir: &Path, name: Option<&str>) -> Offered {
    Offered {
        uri: format!("file://{}", dir.display()),
        name: name.map(str::to_string),
    }
}

/// Roots whose fallback is `fallback`, not pinned.
fn roots(fallback: &Path) -> Arc<Roots> {
    Roots::new(settings(), Root::open(fallback).unwrap(), false, false)
}

fn listed(roots: &Roots, offers: Vec<Offered>) {
    let listing = roots.begin_listing().expect("the client's roots are read");
    roots.end_listing(listing, Ok(offers));
}

/// The definitions' names in the root a call naming `named` gets.
fn names(roots: &Roots, named: Option<&str>) -> Vec<String> {
    let workspace = roots.pick(named).unwrap().workspace;
    (workspace.with_index(
        |index, _| {
            Ok((index.files().iter())
                .flat_map(|f| f.symbols.iter().map(|s| s.name.clone()))
                .collect())
        },
        || panic!("the call waits for the build"),
    ))
    .unwrap()
}

fn refusal(roots: &Roots, named: Option<&str>) -> String {
    let error = roots.pick(named).err().expect("the call is refused");
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    error.message
}

#[test]
fn each_root_is_named_by_its_uri_path_or_name_and_none_is_chosen_for_a_call() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let roots = roots(home.path());
    let gopher = "gopher://example.org/x".to_string();
    listed(
        &roots,
        vec![
            offered(api.path(), Some("api")),
            offered(web.path(), None),
            Offered {
                uri: gopher.clone(),
                name: None,
            },
        ],
    );
    let api_uri = format!("file://{}", api.path().display());
    for named in [&api_uri, &format!("{}/", api.path().display()), "api"] {
        assert_eq!(names(&roots, Some(named)), ["api"], "{named}");
    }
    let web_name = web.path().file_name().unwrap().to_str().unwrap();
    assert_eq!(names(&roots, Some(web_name)), ["web"]);

    let message = refusal(&roots, None);
    assert!(
        message.starts_with("2 roots are open; send root as one of "),
        "{message}"
    );
    assert!(
        message.contains(&format!("{} (api)", api.path().display())),
        "{message}"
    );
    assert!(
        message.contains(&web.path().display().to_string()),
        "{message}"
    );
    let message = refusal(&roots, Some(&gopher));
    assert!(
        message.contains("is not served: not a file:// URI"),
        "{message}"
    );
    let message = refusal(&roots, Some(home.path().to_str().unwrap()));
    assert!(message.starts_with("no root is named"), "{message}");
}

/// The `root` the calls of an answer from the root `named` picks give.
fn call_name(roots: &Roots, named: Option<&str>) -> Option<String> {
    roots.pick(named).unwrap().call_name
}

#[test]
fn the_calls_an_answer_prints_name_its_root_only_when_several_are_served() {
    let (home, api, web, other) = (tree("home"), tree("api"), tree("web"), tree("other"));
    let roots = roots(home.path());
    listed(&roots, vec![offered(api.path(), Some("api"))]);
    assert_eq!(call_name(&roots, None), None);
    assert_eq!(call_name(&roots, Some("api")), None);

    listed(
        &roots,
        vec![offered(api.path(), Some("api")), offered(web.path(), None)],
    );
    let web_name = web.path().file_name().unwrap().to_str().unwrap();
    let api_path = api.path().display().to_string();
    // By its name, however the call named it.
    assert_eq!(call_name(&roots, Some(&api_path)).as_deref(), Some("api"));
    assert_eq!(call_name(&roots, Some(web_name)).as_deref(), Some(web_name));

    // Two roots of one name: each by its path, which picks it alone.
    listed(
        &roots,
        vec![
            offered(api.path(), Some("app")),
            offered(other.path(), Some("app")),
        ],
    );
    let other_path = other.path().display().to_string();
    assert_eq!(call_name(&roots, Some(&api_path)), Some(api_path.clone()));
    assert_eq!(
        call_name(&roots, Some(&other_path)),
        Some(other_path.clone())
    );
    assert_eq!(names(&roots, Some(&other_path)), ["other"]);
}

fn freed(workspace: Weak<Workspace>) -> bool {
    let deadline = Instant::now() + Duration::from_secs(60);
    while workspace.upgrade().is_some() {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

#[test]
fn a_root_kept_keeps_its_index_and_a_root_removed_is_freed() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let roots = roots(home.path());
    listed(&roots, vec![offered(api.path(), Some("api"))]);
    // One root: a call need not name it.
    assert_eq!(names(&roots, None), ["api"]);
    let api_index = Arc::downgrade(&roots.pick(None).unwrap().workspace);

    listed(
        &roots,
        vec![
            offered(web.path(), Some("web")),
            offered(api.path(), Some("api")),
        ],
    );
    assert_eq!(names(&roots, Some("web")), ["web"]);
    let kept = roots.pick(Some("api")).unwrap().workspace;
    assert!(std::ptr::eq(Arc::as_ptr(&kept), api_index.as_ptr()));
    drop(kept);

    listed(&roots, vec![offered(web.path(), Some("web"))]);
    assert_eq!(names(&roots, None), ["web"]);
    assert!(refusal(&roots, Some("api")).starts_with("no root is named \"api\""));
    assert!(freed(api_index), "the removed root's index is still held");
}

#[test]
fn a_name_two_roots_share_asks_for_a_path() {
    let (home, one, two) = (tree("home"), tree("one"), tree("two"));
    let roots = roots(home.path());
    listed(
        &roots,
        vec![
            offered(one.path(), Some("app")),
            offered(two.path(), Some("app")),
        ],
    );
    let message = refusal(&roots, Some("app"));
    assert!(message.starts_with("root \"app\" names 2 roots; send one of their paths: "));
    assert!(
        message.contains(&format!("{} (app)", two.path().display())),
        "{message}"
    );
    assert_eq!(names(&roots, one.path().to_str()), ["one"]);
}

#[test]
fn no_more_than_the_limit_of_roots_is_served() {
    let home = tree("home");
    let trees: Vec<tempfile::TempDir> = (0..MAX_ROOTS + 2).map(|_| tree("f")).collect();
    let roots = roots(home.path());
    listed(
        &roots,
        trees.iter().map(|t| offered(t.path(), None)).collect(),
    );
    assert_eq!(roots.state().served.len(), MAX_ROOTS);
    let last = format!("file://{}", trees[MAX_ROOTS].path().display());
    let message = refusal(&roots, Some(&last));
    assert!(message.contains("at most 16 roots are served"), "{message}");
}

#[test]
fn a_client_naming_no_root_gets_the_default_and_a_late_answer_is_not_served() {
    let (home, api, web) = (tree("home"), tree("api"), tree("web"));
    let roots = roots(home.path());
    listed(&roots, Vec::new());
    assert_eq!(names(&roots, None), ["home"]);

    // Two listings under way: the later answer is served, the earlier one coming after
    // it is not.
    let (first, second) = (
        roots.begin_listing().unwrap(),
        roots.begin_listing().unwrap(),
    );
    roots.end_listing(second, Ok(vec![offered(web.path(), None)]));
    roots.end_listing(first, Ok(vec![offered(api.path(), None)]));
    assert_eq!(names(&roots, None), ["web"]);
    // A listing that fails keeps what is served.
    let third = roots.begin_listing().unwrap();
    roots.end_listing(third, Err("no answer".into()));
    assert_eq!(names(&roots, None), ["web"]);

    // Every root refused: nothing is served, and a call says why.
    listed(&roots, vec![offered(&home.path().join("missing"), None)]);
    let message = refusal(&roots, None);
    assert!(message.starts_with("no root is open: the client's roots were refused: file://"));
    assert!(message.contains("cannot be opened"), "{message}");
}

#[test]
fn a_first_listing_that_fails_serves_the_default_and_a_pinned_root_reads_none() {
    let (home, api) = (tree("home"), tree("api"));
    let roots = roots(home.path());
    let listing = roots.begin_listing().unwrap();
    roots.end_listing(listing, Err("the client did not answer".into()));
    assert_eq!(names(&roots, None), ["home"]);

    let pinned = Roots::new(settings(), Root::open(api.path()).unwrap(), true, false);
    assert!(!pinned.undecided());
    assert_eq!(pinned.begin_listing(), None);
    assert_eq!(names(&pinned, None), ["api"]);
    assert_eq!(names(&pinned, api.path().to_str()), ["api"]);
}

#[test]
fn a_call_waits_for_the_listing_under_way() {
    let (home, api) = (tree("home"), tree("api"));
    let roots = roots(home.path());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let listing = roots.begin_listing().unwrap();
    let (answering, offer) = (Arc::clone(&roots), offered(api.path(), None));
    let answer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        answering.end_listing(listing, Ok(vec![offer]));
    });
    let started = Instant::now();
    runtime.block_on(roots.settled(Duration::from_secs(60)));
    assert!(started.elapsed() >= Duration::from_millis(150));
    assert_eq!(names(&roots, None), ["api"]);
    answer.join().unwrap();
}
