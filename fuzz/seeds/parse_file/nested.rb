def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
def a
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
end
